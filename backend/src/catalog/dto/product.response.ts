import { ApiProperty } from '@nestjs/swagger';
import {
  ALLERGEN_IDS,
  CATEGORY_PATHS,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
} from '@larder/shared-domain';

export class ProductDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: CATEGORY_PATHS, enumName: 'CategoryPath' })
  category: string;

  @ApiProperty({ type: [String], description: 'Description bullets' })
  description: string[];

  @ApiProperty({ description: 'Price (MRP) in pounds', example: 2.5 })
  price: number;

  @ApiProperty({ description: 'Offer price in pounds', example: 1.99 })
  offerPrice: number;

  @ApiProperty({ description: 'VAT rate in percent', example: 0 })
  vat: number;

  @ApiProperty({ type: [String], description: 'Image URLs; the first is the main picture' })
  image: string[];

  @ApiProperty({
    description: "Whether a shopper can buy it now: the seller's switch is on and stock is null or above 0",
  })
  inStock: boolean;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_STOCK,
    description: 'Units on hand; null when not counted',
    example: 24,
  })
  stock: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Ingredients as the label prints them; null when none were entered',
  })
  ingredients: string | null;

  @ApiProperty({
    enum: [...ALLERGEN_IDS],
    enumName: 'AllergenId',
    isArray: true,
    description: 'The UK allergens it contains (empty when none)',
  })
  allergens: string[];
}

export class ProductListResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({
    type: [ProductDto],
    description: 'Every product on sale (in and out of stock), newest first',
  })
  products: ProductDto[];
}

export class ProductResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty()
  message: string;

  @ApiProperty({ type: ProductDto })
  product: ProductDto;
}

export class ProductSearchResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({
    type: [ProductDto],
    description: 'Live products (in and out of stock) matching the search, best match first',
  })
  products: ProductDto[];
}

/** The largest picture, in MB as the documentation says it. */
const IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/** The multipart body of POST /api/product/add (documentation only; parsed by ProductUploadPipe). */
export const ADD_PRODUCT_BODY_SCHEMA = {
  type: 'object',
  required: ['productData', 'images'],
  properties: {
    productData: {
      type: 'string',
      description:
        'JSON: { name, description: string[], category, price, offerPrice, vat, stock?, ingredients?, allergens? } ' +
        '(pounds; vat in percent; 0 <= offerPrice <= price; stock 0-100000 or null for not counted; ' +
        'ingredients up to 2000 characters; allergens: ids of the 14 UK allergens)',
      example:
        '{"name":"Organic Carrots 1kg","description":["British grown"],"category":"Vegetables","price":1.2,"offerPrice":0.99,"vat":0,"stock":40,"allergens":[]}',
    },
    images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      minItems: 1,
      maxItems: MAX_PRODUCT_IMAGES,
      description: `1-${MAX_PRODUCT_IMAGES} pictures (JPEG, PNG, WebP or AVIF), at most ${IMAGE_MB} MB each`,
    },
  },
} as const;

/** The multipart body of PUT /api/product/{id} (documentation only; parsed by ProductUploadPipe). */
export const UPDATE_PRODUCT_BODY_SCHEMA = {
  type: 'object',
  required: ['productData'],
  properties: {
    productData: {
      type: 'string',
      description:
        'JSON with any of the add fields: { name?, description?, category?, price?, offerPrice?, vat?, stock?, ' +
        'ingredients?, allergens? }; fields left out keep their values',
      example: '{"offerPrice":0.89,"stock":12,"allergens":["celery"]}',
    },
    images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      minItems: 0,
      maxItems: MAX_PRODUCT_IMAGES,
      description: `Optional: 1-${MAX_PRODUCT_IMAGES} pictures that replace the current ones (JPEG, PNG, WebP or AVIF), at most ${IMAGE_MB} MB each`,
    },
  },
} as const;
