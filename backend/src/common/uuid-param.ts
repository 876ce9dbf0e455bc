import { applyDecorators, Injectable, Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { NotFoundError } from './errors';

/** True for a UUID of any version, in any letter case. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && isUUID(value, 'all');
}

/**
 * A path parameter naming a resource by UUID: anything that is not a UUID cannot name one, so it answers
 * 404 with the resource's own message. The id is passed on lower-cased.
 */
@Injectable()
export class UuidParam implements PipeTransform<unknown, string> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: unknown): string {
    if (!isUuid(value)) throw new NotFoundError(this.notFoundMessage);
    return value.toLowerCase();
  }
}

/** The `:id` path parameter as a UUID, documented as one; a malformed id answers 404 with `notFoundMessage`. */
export function IdParam(notFoundMessage: string): ParameterDecorator {
  return Param('id', new UuidParam(notFoundMessage));
}

/** Documents the `:id` path parameter as a UUID. */
export function ApiIdParam(description: string): MethodDecorator {
  return applyDecorators(ApiParam({ name: 'id', format: 'uuid', description }));
}
