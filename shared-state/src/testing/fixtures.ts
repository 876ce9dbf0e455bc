/** Typical API records for the frontends' tests, typed from the generated contract. */
import type {
  AddressDto,
  OrderView,
  ProductDto,
  SellerOrderView,
  SellerSummaryResponse,
  UserDto,
} from '../generated/api';
import {
  isLessHealthy,
  isPurchasable,
  npmScore,
  orderDue,
  penceToPounds,
  unitPrice,
  unitPriceWithVat,
  type PackUnit,
} from '@larder/shared-domain';

export function makeUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    _id: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.co.uk',
    phone: null,
    cartItems: {},
    addresses: [],
    defaultAddress: null,
    ...overrides,
  };
}

export function makeAddress(overrides: Partial<AddressDto> = {}): AddressDto {
  return {
    _id: 'addr-1',
    street: '1 Harbourside',
    city: 'Bristol',
    state: 'Avon',
    postalCode: 'BS1 5DB',
    country: 'United Kingdom',
    ...overrides,
  };
}

/** The product fields the server works out from the others. */
type DerivedProductField = 'unitPrice' | 'priceWithVat' | 'offerPriceWithVat' | 'npmScore' | 'lessHealthy';

/**
 * A product without food information, over `overrides`; its prices with VAT always derived as the server derives
 * them (so a product spread into another keeps none of its own), its unit price too unless given. As on the
 * server, `inStock` follows from the seller's switch (`listed`) and the count unless the test sets it; a test
 * that seeds only `inStock: false` gets an unlisted product.
 */
export function makeProduct(overrides: Partial<ProductDto> & Pick<ProductDto, '_id'>): ProductDto {
  const listed = overrides.listed ?? overrides.inStock ?? true;
  const stock = overrides.stock ?? null;
  const product: Omit<ProductDto, DerivedProductField> & Partial<ProductDto> = {
    name: overrides._id,
    category: 'Fruits',
    price: 2,
    offerPrice: 2,
    vat: 0,
    description: [],
    image: [],
    stock: null,
    ingredients: '',
    allergens: [],
    allergensConfirmed: true,
    netQuantity: 1,
    unit: 'each',
    nutrition: null,
    trafficLights: null,
    storage: null,
    origin: null,
    producer: null,
    dietary: [],
    ageRestricted: false,
    maxPerOrder: null,
    fruitVegNuts: null,
    hfssCategory: null,
    primePlaces: true,
    promotion: null,
    struckPriceLabel: 'RRP',
    ...overrides,
    listed,
    inStock: overrides.inStock ?? isPurchasable({ listed, stock }),
  };
  const withVat = (pounds: number) =>
    unitPriceWithVat(Math.round(pounds * 100), Math.round(product.vat * 100));
  // The nutrient profiling score and status as the server works them out, unless the test seeds them.
  const score =
    product.npmScore !== undefined ? product.npmScore : npmScore(product.nutrition, product.fruitVegNuts);
  return {
    ...product,
    npmScore: score,
    lessHealthy:
      product.lessHealthy !== undefined
        ? product.lessHealthy
        : isLessHealthy({ hfssCategory: product.hfssCategory, category: product.category, npmScore: score }),
    priceWithVat: penceToPounds(withVat(product.price)),
    offerPriceWithVat: penceToPounds(withVat(product.offerPrice)),
    // A test may seed `unitPrice: null` itself; otherwise it follows from the pack (null without one).
    unitPrice:
      product.unitPrice !== undefined
        ? product.unitPrice
        : unitPrice({
            offerPence: withVat(product.offerPrice),
            netQuantity: product.netQuantity,
            unit: product.unit as PackUnit | null,
            category: product.category,
          }),
  };
}

type OrderItem = OrderView['items'][number];

/** An order line of two apples at £1.99, not picked yet; `product` also sets productId. */
export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const product = overrides.product ?? 'p1';
  const item = {
    product,
    productId: product,
    name: 'Braeburn apples',
    image: null,
    price: 1.99,
    quantity: 2,
    vat: 0,
    ageRestricted: false,
    allowSubstitutes: true,
    picked: null,
    substitute: null,
    refused: false,
    promotion: null,
    ...overrides,
  };
  // What the line cost follows its price with VAT unless a test says otherwise (a line in a deal).
  const unit = unitPriceWithVat(Math.round(item.price * 100), Math.round(item.vat * 100));
  return { ...item, charged: overrides.charged ?? penceToPounds(unit * item.quantity) };
}

/** A customer's order of two apples, cash on delivery, still pending. */
export function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  const order: OrderView = {
    due: 0,
    _id: 'order-1',
    userId: 'user-1',
    items: [makeOrderItem()],
    address: {
      street: '12 Park Street',
      city: 'Bristol',
      state: 'England',
      postalCode: 'BS1 5HT',
      country: 'United Kingdom',
    },
    paymentType: 'COD',
    amount: 7.97,
    shippingCharge: 3.99,
    totalVat: 0,
    vatIncluded: 0,
    goods: 3.98,
    deliverySlot: { date: '2026-11-24', time: '10:00 - 11:00' },
    status: 'Pending',
    fulfilment: 'placed',
    changeableUntil: '2026-11-23T15:00:00+00:00',
    isPaid: false,
    ageConfirmed: false,
    refundDueAmount: 0,
    savings: 0,
    deals: [],
    collected: null,
    idCheck: null,
    deliveredAt: null,
    failedDelivery: null,
    createdAt: '2026-11-23T14:05:00.000Z',
    ...overrides,
  };
  // What the customer owes follows the order's total, and the VAT it includes its goods' VAT (a delivery charge's
  // share aside), unless a test says otherwise.
  return {
    ...order,
    due: overrides.due ?? orderDue(order),
    vatIncluded: overrides.vatIncluded ?? order.totalVat,
  };
}

/** The same order as the seller sees it, with the customer's contact details. */
export function makeSellerOrder(overrides: Partial<SellerOrderView> = {}): SellerOrderView {
  return {
    ...makeOrder(),
    customer: {
      name: 'Ann Jones',
      email: 'ann@example.com',
      phone: '07700 900123',
      address: '12 Park Street, Bristol, England, BS1 5HT, United Kingdom',
    },
    ageCheckRequired: false,
    refundDue: false,
    ...overrides,
  } as SellerOrderView;
}

/** The seller summary of a shop without any orders. */
export function emptySellerSummary(): Omit<SellerSummaryResponse, 'success'> {
  return {
    today: { orders: 0, revenue: 0 },
    last7Days: { orders: 0, revenue: 0 },
    pending: 0,
    lowStock: [],
    daily: [],
    topProducts: [],
  };
}
