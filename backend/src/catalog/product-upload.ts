import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { assertCleanInput } from '../common/input-safety';

export interface ProductUpload {
  productData?: string;
  images: Buffer[];
}

/** Reads the multipart body of POST /api/product/add: the productData field and the images files. */
export async function readProductUpload(request: FastifyRequest): Promise<ProductUpload> {
  if (!request.isMultipart()) throw new InvalidError('Send the product as multipart/form-data');
  const upload: ProductUpload = { images: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'images' && part.fieldname !== 'image') {
          throw new InvalidError(`Unexpected file field "${part.fieldname}"`);
        }
        if (part.file.truncated) throw new InvalidError(MESSAGES.imageTooLarge);
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new InvalidError(MESSAGES.imageTooLarge);
    if (code === 'FST_FILES_LIMIT') throw new InvalidError(MESSAGES.tooManyImages);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new InvalidError('Too many form fields');
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
      throw new InvalidError('The form data is not valid');
    }
    throw err;
  }
  return upload;
}
