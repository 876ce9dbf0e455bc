import { ApiProperty } from '@nestjs/swagger';
import {
  type CategoryPath,
  ALLERGEN_IDS,
  AGE_RESTRICTED_NOTE,
  CATEGORY_PATHS,
  DIETS,
  HFSS_CATEGORIES,
  PACK_UNITS,
  PROMOTION_KINDS,
  UNIT_PRICE_PERS,
  MAX_IMAGE_BYTES,
  MAX_PER_ORDER_LIMIT,
  MIN_PER_ORDER_LIMIT,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  type HfssCategory,
} from '@larder/shared-domain';

export class UnitPriceDto {
  @ApiProperty({ description: 'Pounds per `per`, rounded to the penny', example: 2.8 })
  amount: number;

  @ApiProperty({ enum: [...UNIT_PRICE_PERS], enumName: 'UnitPricePer', example: 'kg' })
  per: string;
}

/** The promotion a product is in now, as its answers carry it. */
export class ProductPromotionDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ enum: [...PROMOTION_KINDS], enumName: 'PromotionKind' })
  kind: string;

  @ApiProperty({ example: '3 for £5' })
  label: string;

  @ApiProperty({ description: 'When it ends, ISO 8601 in London time with its offset' })
  endsAt: string;

  @ApiProperty({
    type: UnitPriceDto,
    nullable: true,
    description:
      'The unit price at the promotional price, with VAT (a multibuy: bought at the deal); null without a pack size',
  })
  unitPrice: UnitPriceDto | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    example: 1.8,
    description:
      "A reduction: the product's price with VAT while it runs, pounds (what it is sold at); null for a deal",
  })
  price: number | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    example: 2.5,
    description:
      'A reduction: the price with VAT it was sold at before, pounds ("Was £2.50"); null for a deal',
  })
  was: number | null;
}

export class NutritionViewDto {
  @ApiProperty({ type: 'integer', example: 1030 })
  energyKj: number;
  @ApiProperty({ type: 'integer', example: 246 })
  energyKcal: number;
  @ApiProperty({ description: 'Grams', example: 9.8 })
  fat: number;
  @ApiProperty({ description: 'Grams', example: 1.2 })
  saturates: number;
  @ApiProperty({ description: 'Grams', example: 30.1 })
  carbohydrate: number;
  @ApiProperty({ description: 'Grams', example: 2.5 })
  sugars: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Grams; null when not declared', example: 3.4 })
  fibre: number | null;
  @ApiProperty({ description: 'Grams', example: 8.2 })
  protein: number;
  @ApiProperty({ description: 'Grams', example: 1.1 })
  salt: number;
}

const LIGHTS = ['low', 'medium', 'high'];

export class TrafficLightsDto {
  @ApiProperty({ enum: LIGHTS, enumName: 'TrafficLight' })
  fat: string;
  @ApiProperty({ enum: LIGHTS, enumName: 'TrafficLight' })
  saturates: string;
  @ApiProperty({ enum: LIGHTS, enumName: 'TrafficLight' })
  sugars: string;
  @ApiProperty({ enum: LIGHTS, enumName: 'TrafficLight' })
  salt: string;
}

export class ProducerViewDto {
  @ApiProperty({ example: 'Dale Farm Ltd' })
  name: string;
  @ApiProperty({ example: '15 Dargan Road, Belfast BT3 9LS' })
  address: string;
}

export class ProductDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: CATEGORY_PATHS, enumName: 'CategoryPath' })
  category: CategoryPath;

  @ApiProperty({ type: [String], description: 'Description bullets' })
  description: string[];

  @ApiProperty({ description: 'Price (MRP) in pounds, before VAT', example: 2.5 })
  price: number;

  @ApiProperty({ description: 'Offer price in pounds, before VAT', example: 1.99 })
  offerPrice: number;

  @ApiProperty({
    description:
      'Price (MRP) with VAT in pounds, as shoppers are shown it: price x (1 + vat/100), rounded half-up to the penny',
    example: 2.5,
  })
  priceWithVat: number;

  @ApiProperty({
    description:
      'Offer price with VAT in pounds, as shoppers are shown and charged it: offerPrice x (1 + vat/100), rounded ' +
      'half-up to the penny; an order line costs this x quantity',
    example: 1.99,
  })
  offerPriceWithVat: number;

  @ApiProperty({ description: 'VAT rate in percent', example: 0 })
  vat: number;

  @ApiProperty({ type: [String], description: 'Image URLs; the first is the main picture' })
  image: string[];

  @ApiProperty({
    description:
      "The seller's switch as set (POST /api/product/stock sets it with `inStock`): whether the product is offered in the shop",
  })
  listed: boolean;

  @ApiProperty({
    description: 'Whether a shopper can buy it now: listed, and stock is null or above 0',
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

  @ApiProperty({
    description:
      'Whether the seller has confirmed the allergen list; free-from filters keep only confirmed products',
  })
  allergensConfirmed: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Net quantity of the pack in `unit`; null when the seller has not given a pack size',
    example: 500,
  })
  netQuantity: number | null;

  @ApiProperty({
    type: String,
    enum: [...PACK_UNITS],
    enumName: 'PackUnit',
    nullable: true,
    description: 'Unit of the net quantity; null with it',
    example: 'g',
  })
  unit: string | null;

  @ApiProperty({
    type: UnitPriceDto,
    nullable: true,
    description:
      'Price per unit of quantity for the offer price with VAT (Price Marking Order 2004); null without a pack size',
  })
  unitPrice: UnitPriceDto | null;

  @ApiProperty({
    type: ProductPromotionDto,
    nullable: true,
    description: 'The promotion the product is in now, with the unit price at its price; null when none',
  })
  promotion: ProductPromotionDto | null;

  @ApiProperty({
    enum: ['RRP', 'Was'],
    enumName: 'StruckPriceLabel',
    description:
      'How the struck-through price (priceWithVat, when above offerPriceWithVat) is named: "Was" only when the ' +
      'shop sold it at that price for the 28 days before its current price; otherwise "RRP" (a recommended price)',
  })
  struckPriceLabel: 'RRP' | 'Was';

  @ApiProperty({
    type: NutritionViewDto,
    nullable: true,
    description: 'Per 100 g (per 100 ml for drinks); null when not entered',
  })
  nutrition: NutritionViewDto | null;

  @ApiProperty({
    type: TrafficLightsDto,
    nullable: true,
    description:
      'Front-of-pack colours from the nutrition (UK guidance thresholds); null without nutrition and for ' +
      'alcoholic drinks (ageRestricted), which need no nutrition declaration',
  })
  trafficLights: TrafficLightsDto | null;

  @ApiProperty({ type: String, nullable: true, description: 'Storage instructions' })
  storage: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Country or place of origin' })
  origin: string | null;

  @ApiProperty({
    type: ProducerViewDto,
    nullable: true,
    description: 'The business responsible for the food; null when it is the shop itself',
  })
  producer: ProducerViewDto | null;

  @ApiProperty({ enum: [...DIETS], enumName: 'Diet', isArray: true, description: 'Diets it suits' })
  dietary: string[];

  @ApiProperty({ description: `Sold to adults only ("${AGE_RESTRICTED_NOTE}")` })
  ageRestricted: boolean;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: MIN_PER_ORDER_LIMIT,
    maximum: MAX_PER_ORDER_LIMIT,
    description: 'The most one order may hold (set by the seller); null when there is no limit',
    example: 6,
  })
  maxPerOrder: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Fruit, vegetables and nuts, whole percent (0-100); null when not given',
    example: 0,
  })
  fruitVegNuts: number | null;

  @ApiProperty({
    enum: [...HFSS_CATEGORIES],
    enumName: 'HfssCategory',
    nullable: true,
    description:
      'Its category in Schedule 1 to SI 2021/1368; null when not in scope of the food promotion rules',
  })
  hfssCategory: HfssCategory | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Nutrient profiling model (2004/05) score per 100 g or 100 ml; null when a figure it needs (nutrition with fibre, fruitVegNuts) is missing',
    example: 22,
  })
  npmScore: number | null;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      'Less healthy (HFSS) under SI 2021/1368: in a Schedule 1 category and scoring 4 or more (food) or 1 or more (drinks); false when out of scope or below; null when the score is unknown',
  })
  lessHealthy: boolean | null;

  @ApiProperty({
    description:
      "Whether it may be shown in the prime places of SI 2021/1368 reg 6 (the home page rows, the basket and checkout suggestions): false while the food promotion rules apply to the shop and the product is less healthy; search, its category page and the shopper's own basket show it either way",
  })
  primePlaces: boolean;
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
        'JSON: { name, description: string[], category, price, offerPrice, vat, netQuantity?, unit?, stock?, ' +
        'ingredients?, allergens?, nutrition?, storage?, origin?, producer?, dietary?, ageRestricted?, ' +
        'maxPerOrder?, fruitVegNuts?, hfssCategory? } ' +
        '(pounds; vat in percent; 0 <= offerPrice <= price; netQuantity above 0 with at most 3 decimals in unit ' +
        'g, kg, ml, l or each, both or neither (without them no unit price); stock 0-100000 or null for not ' +
        'counted; ingredients up to 2000 characters; allergens: ids of the 14 UK allergens, and sending them ' +
        'confirms them ([] says it contains none); left out, the product is allergensConfirmed: false; nutrition per 100 g or 100 ml: { energyKj, energyKcal, fat, saturates, carbohydrate, ' +
        'sugars, fibre?, protein, salt } in grams, up to two decimals below 1 g and one from 1 g; producer: ' +
        '{ name, address }; dietary: vegetarian, vegan; maxPerOrder: the most one order may ' +
        `hold, ${MIN_PER_ORDER_LIMIT}-${MAX_PER_ORDER_LIMIT}, or null for no limit)`,
      example:
        '{"name":"Organic Carrots 1kg","description":["British grown"],"category":"Vegetables","price":1.2,"offerPrice":0.99,"vat":0,"netQuantity":1,"unit":"kg","stock":40,"allergens":[],"dietary":["vegetarian","vegan"],"origin":"United Kingdom"}',
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
        'JSON with any of the add fields: { name?, description?, category?, price?, offerPrice?, vat?, ' +
        'netQuantity?, unit?, stock?, ingredients?, allergens?, nutrition?, storage?, origin?, producer?, ' +
        'dietary?, ageRestricted?, maxPerOrder?, fruitVegNuts?, hfssCategory? }; fields left out keep their values; null clears an optional one',
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
