import { ApiProperty } from '@nestjs/swagger';
import { CATEGORY_PATHS } from '@larder/shared-domain';

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

  @ApiProperty()
  inStock: boolean;
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

/** The multipart body of POST /api/product/add (documentation only; parsed by the controller). */
export const ADD_PRODUCT_BODY_SCHEMA = {
  type: 'object',
  required: ['productData', 'images'],
  properties: {
    productData: {
      type: 'string',
      description:
        'JSON: { name, description: string[], category, price, offerPrice, vat } (pounds; vat in percent; 0 <= offerPrice <= price)',
      example:
        '{"name":"Organic Carrots 1kg","description":["British grown"],"category":"Vegetables","price":1.2,"offerPrice":0.99,"vat":0}',
    },
    images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      minItems: 1,
      maxItems: 4,
      description: '1-4 pictures (JPEG, PNG, WebP or AVIF), at most 5 MB each',
    },
  },
} as const;
