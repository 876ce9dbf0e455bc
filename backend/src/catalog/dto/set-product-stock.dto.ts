import { BoolField, UuidField } from '../../common/api-field';
import { StockField } from './food-fields';

/** The seller's switch, the counted stock, or both (at least one). */
export class SetProductStockDto {
  @UuidField({ description: 'Product id' })
  id: string;

  @BoolField({ description: "The seller's switch: whether the product is on sale", required: false })
  inStock?: boolean;

  @StockField('Units on hand (0-100000); null to stop counting')
  stock?: number | null;
}
