import { BoolField, UuidField } from '../../common/api-field';

export class SetProductStockDto {
  @UuidField({ description: 'Product id' })
  id: string;

  @BoolField({ description: 'Whether the product can be ordered' })
  inStock: boolean;
}
