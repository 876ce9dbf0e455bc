import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MESSAGES } from '@larder/shared-domain';
import { ResponseField } from './api-field';

/** A query-string number as written ("2"); anything else is left for validation to refuse. */
const wholeNumberText = Transform(({ value }) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
);

function PageNumberField(options: {
  description: string;
  default: number;
  min: number;
  max: number;
  message: string;
}): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      required: false,
      description: options.description,
      default: options.default,
      minimum: options.min,
      maximum: options.max,
    }),
    IsOptional(),
    wholeNumberText,
    IsInt({ message: options.message }),
    Min(options.min, { message: options.message }),
    Max(options.max, { message: options.message }),
  );
}

/** `?page=&limit=` of a seller's list: page from 1, at most MAX_PAGE_LIMIT entries a page. */
export class PageQuery {
  @PageNumberField({
    description: 'Page number, from 1',
    default: 1,
    min: 1,
    max: 1_000_000,
    message: MESSAGES.invalidPage,
  })
  page?: number;

  @PageNumberField({
    description: `Entries per page (1-${MAX_PAGE_LIMIT})`,
    default: DEFAULT_PAGE_LIMIT,
    min: 1,
    max: MAX_PAGE_LIMIT,
    message: MESSAGES.invalidPageLimit,
  })
  limit?: number;
}

/** Which slice of a list to read. */
export interface PageRequest {
  page: number;
  limit: number;
  /** Entries before the page: (page - 1) x limit. */
  offset: number;
}

/** The page asked for, defaults filled in. */
export function pageRequest(query: PageQuery | undefined): PageRequest {
  const page = query?.page ?? 1;
  const limit = query?.limit ?? DEFAULT_PAGE_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

/** One page of a list and the whole list's size. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The pagination fields every paginated list answers beside its entries. */
export class PageInfo {
  @ResponseField({ type: 'integer', minimum: 1, example: 1, description: 'This page, from 1' })
  page!: number;

  @ResponseField({
    type: 'integer',
    minimum: 1,
    example: DEFAULT_PAGE_LIMIT,
    description: 'Entries per page',
  })
  limit!: number;

  @ResponseField({ type: 'integer', minimum: 0, example: 1, description: 'Entries in the whole list' })
  total!: number;

  @ResponseField({
    type: 'integer',
    minimum: 1,
    example: 1,
    description: 'Number of pages (1 for an empty list); a page past the last answers no entries',
  })
  totalPages!: number;
}

/** The pagination fields for a page of a list of `total` entries. */
export function pageInfo(request: PageRequest, total: number): PageInfo {
  return {
    page: request.page,
    limit: request.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / request.limit)),
  };
}
