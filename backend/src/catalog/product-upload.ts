import { createParamDecorator, ExecutionContext, Injectable, PipeTransform, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { assertCleanInput, parseJsonText } from '../common/input-safety';
import { createValidationPipe } from '../common/validation';

/** The multipart body of POST /api/product/add and PUT /api/product/{id} as sent. */
interface RawProductUpload {
  productData?: string;
  images: Buffer[];
}

/** A product upload whose productData has passed its DTO's validation; the pictures are checked by the service. */
export interface ProductUpload<T> {
  productData: T;
  images: Buffer[];
}

/**
 * Fields every product needs: an add must give them, an edit may leave them out but not blank them. The pack
 * size is not one of them: null clears it (with its unit).
 */
const ADD_REQUIRED = ['name', 'price', 'offerPrice', 'vat'] as const;
const NOT_BLANKABLE = ['name', 'category', 'price', 'offerPrice', 'vat'] as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());

/**
 * Reads a product upload and validates its productData JSON into `type` with the global validation pipe (the same
 * rules and messages as any JSON body). `mode` 'add' needs the fields every product has; 'edit' may leave any out.
 */
@Injectable()
export class ProductUploadPipe<T extends object> implements PipeTransform<
  FastifyRequest,
  Promise<ProductUpload<T>>
> {
  private readonly validation = createValidationPipe();

  constructor(
    private readonly type: Type<T>,
    private readonly mode: 'add' | 'edit',
  ) {}

  async transform(request: FastifyRequest): Promise<ProductUpload<T>> {
    const upload = await readProductUpload(request);
    return { productData: await this.validate(upload.productData), images: upload.images };
  }

  private async validate(raw: string | undefined): Promise<T> {
    if (this.mode === 'edit' && raw === undefined) raw = '{}';
    if (raw === undefined || raw === '') throw new InvalidError(MESSAGES.fillAllFields);
    const plain = parseJsonText(raw, 'productData must be valid JSON');
    if (!plain || typeof plain !== 'object' || Array.isArray(plain)) {
      throw new InvalidError('productData must be a JSON object');
    }
    const record = plain as Record<string, unknown>;
    if (this.mode === 'add' && ADD_REQUIRED.some((k) => isBlank(record[k]))) {
      throw new InvalidError(MESSAGES.fillAllFields);
    }
    if (NOT_BLANKABLE.some((k) => k in record && record[k] === null)) {
      throw new InvalidError(MESSAGES.fillAllFields);
    }
    return (await this.validation.transform(record, { type: 'body', metatype: this.type })) as T;
  }
}

/** The request itself, for a pipe that reads its multipart body (ProductUploadPipe). */
export const MultipartRequest = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): FastifyRequest => ctx.switchToHttp().getRequest<FastifyRequest>(),
);

/** Reads the multipart body of a product upload: the productData field and the images files. */
async function readProductUpload(request: FastifyRequest): Promise<RawProductUpload> {
  if (!request.isMultipart()) throw new InvalidError('Send the product as multipart/form-data');
  const upload: RawProductUpload = { images: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'images' && part.fieldname !== 'image') {
          throw new InvalidError(`Unexpected file field "${part.fieldname}"`);
        }
        if (part.file.truncated) throw new InvalidError(MESSAGES.imageTooLarge, { field: 'images' });
        upload.images.push(buffer);
      } else if (part.fieldname === 'productData') {
        if (part.valueTruncated) throw new InvalidError('productData is too long');
        // A part sent as application/json arrives parsed: check its depth before turning it back into text.
        if (typeof part.value !== 'string') assertCleanInput(part.value);
        upload.productData = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      } else {
        throw new InvalidError(`Unexpected field "${part.fieldname}"`);
      }
    }
  } catch (err) {
    if (err instanceof InvalidError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new InvalidError(MESSAGES.imageTooLarge, { field: 'images' });
    if (code === 'FST_FILES_LIMIT') throw new InvalidError(MESSAGES.tooManyImages, { field: 'images' });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new InvalidError('Too many form fields');
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
      throw new InvalidError('The form data is not valid');
    }
    throw err;
  }
  return upload;
}
