import { ResponseField } from '../../common/api-field';

export class SalesFigures {
  @ResponseField({ type: 'integer', description: 'Orders placed, cancelled ones excluded', example: 12 })
  orders!: number;

  @ResponseField({
    description: 'What those orders total (goods + VAT + shipping), pounds',
    example: 148.37,
  })
  revenue!: number;
}

export class DailySales extends SalesFigures {
  @ResponseField({ description: 'A London calendar date, YYYY-MM-DD', example: '2026-11-23' })
  date!: string;
}

export class LowStockProduct {
  @ResponseField({ format: 'uuid', description: 'Product id' })
  _id!: string;

  @ResponseField({ example: 'Oat cookies' })
  name!: string;

  @ResponseField({ type: 'integer', description: 'Units left', example: 2 })
  stock!: number;
}

export class TopProduct {
  @ResponseField({ format: 'uuid', description: 'Product id' })
  _id!: string;

  @ResponseField({ description: 'Product name on its most recent order', example: 'Braeburn apples' })
  name!: string;

  @ResponseField({ type: 'integer', description: 'Units ordered in the last 30 days', example: 40 })
  quantity!: number;
}

export class SellerSummaryResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ type: () => SalesFigures, description: 'Today, in London' })
  today!: SalesFigures;

  @ResponseField({ type: () => SalesFigures, description: 'The last 7 London dates, today included' })
  last7Days!: SalesFigures;

  @ResponseField({ type: 'integer', description: 'Orders waiting with status Pending', example: 3 })
  pending!: number;

  @ResponseField({
    type: () => LowStockProduct,
    isArray: true,
    description: 'Counted products at or below the low-stock threshold, lowest stock first',
  })
  lowStock!: LowStockProduct[];

  @ResponseField({
    type: () => DailySales,
    isArray: true,
    description: 'The last 14 London dates, oldest first, days without orders included as zeros',
  })
  daily!: DailySales[];

  @ResponseField({
    type: () => TopProduct,
    isArray: true,
    description: 'Up to 5 products by units ordered in the last 30 London dates, most first',
  })
  topProducts!: TopProduct[];
}
