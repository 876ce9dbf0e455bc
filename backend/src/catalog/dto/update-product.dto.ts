import { PartialType } from '@nestjs/swagger';
import { AddProductDto } from './add-product.dto';

/** The `productData` JSON part of PUT /api/product/{id}: any of the add fields; absent ones stay as they are. */
export class UpdateProductDto extends PartialType(AddProductDto) {}
