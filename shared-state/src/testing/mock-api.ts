/**
 * A fake of the Larder HTTP API for the frontends' tests, at the network boundary: MSW answers the real
 * fetch calls of a real store (createStore) from a small in-memory state that each test seeds. It answers as
 * the server does (status codes, MESSAGES texts, refusals) by calling shared-domain's rules; what only the
 * server computes (search ranking, the pick list) is seeded by the test. The backend's own tests run against
 * real databases; this only stands in for the server in UI tests.
 *
 * Adding an endpoint: one entry in ROUTES, "METHOD /path" (an MSW pattern) to a handler of (request, state).
 */
import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { MESSAGES, type DeliverySlotTime, type OrderTotals } from '@larder/shared-domain';
import * as rules from '@larder/shared-domain';
import type * as Api from '../generated/api';
import { createStore, type CreateStoreOptions } from '../store';
import { emptySellerSummary, makeProduct, makeUser } from './fixtures';

/** What the fake server knows; every test starts from `defaultState()` and seeds what it needs. */
export interface MockApiState {
  /** Every product on sale, newest first. */
  products: Api.ProductDto[];
  /** The promotions running now (GET /api/promotions); checkout prices with them as the server does. */
  promotions: Api.PromotionDto[];
  /** Every promotion as the seller's list answers it (GET /api/seller/promotions). */
  sellerPromotions: Api.SellerPromotionDto[];
  shipping: { shippingCharge: number; shippingThreshold: number };
  slotCapacity: number;
  /** How many of a customer's orders may wait for delivery at once. */
  maxOpenOrders: number;
  /** How many of one product one order may hold without a maxPerOrder of its own. */
  maxPerProduct: number;
  /** The postcode areas or districts delivered to, for each city. */
  deliveryAreas: rules.DeliveryAreas;
  /** Orders already booked into each slot of the selectable date. */
  bookedSlots: Partial<Record<DeliverySlotTime, number>>;
  /** The signed-in customer (null for a visitor). */
  user: Api.UserDto | null;
  /** The account a Google (or development) ID token signs in; null when the token fits no account. */
  googleAccount: Api.UserDto | null;
  authConfig: { googleClientId: string | null; devSignIn: boolean; googleRedirect: boolean };
  userOrders: Api.OrderView[];
  sellerOrders: Api.SellerOrderView[];
  /** The pick list GET /api/seller/picking answers (the server sums it from the day's orders). */
  pickList: Api.GetPickingApiResponse['products'];
  /** Whether the seller is signed in. */
  seller: boolean;
  sellerCredentials: { email: string; password: string };
  /** The seller's two-factor sign-in: `code` stands for whatever the authenticator app shows now. */
  sellerTwoFactor: { enabled: boolean; code: string; recoveryCodes: string[] };
  /** The seller gave the right password and the authenticator code is awaited. */
  sellerAwaitingCode: boolean;
  sellerSummary: Omit<Api.GetSellerSummaryApiResponse, 'success'>;
  contactMessages: Api.ContactMessageView[];
  newsletterSubscribers: Api.NewsletterSubscriberView[];
  /** Entries a page of the seller's lists when the request names no limit (the server's is 50). */
  pageSize: number;
  /** Who the shop is (GET /api/settings/business): null until the owner or a manager saves them. */
  business: Api.BusinessDetailsView | null;
  /** Whether the food promotion rules apply (GET/POST /api/settings/food-promotion, the owner's). */
  qualifyingBusiness: boolean;
  /** The premises licence (GET/POST /api/settings/licence). */
  licence: { premisesLicence: string | null; supervisor: string | null; hours: rules.LicensedHours };
  /** Whether alcohol may be picked now, as GET /api/seller/picking answers it. */
  alcoholPicking: Api.AlcoholPickingView;
  /** The refusals log GET /api/seller/refusals answers (whatever the dates). */
  refusals: Api.RefusalView[];
}

export function defaultState(): MockApiState {
  return {
    products: [],
    promotions: [],
    sellerPromotions: [],
    shipping: { shippingCharge: 3.99, shippingThreshold: 40 },
    slotCapacity: 20,
    maxOpenOrders: 3,
    maxPerProduct: rules.DEFAULT_MAX_PER_PRODUCT,
    deliveryAreas: structuredClone(rules.DEFAULT_DELIVERY_AREAS),
    bookedSlots: {},
    user: null,
    googleAccount: null,
    authConfig: { googleClientId: null, devSignIn: true, googleRedirect: false },
    userOrders: [],
    sellerOrders: [],
    pickList: [],
    seller: false,
    sellerCredentials: { email: 'seller@larder.local', password: 'larder-seller' },
    sellerTwoFactor: { enabled: false, code: '123456', recoveryCodes: [] },
    sellerAwaitingCode: false,
    sellerSummary: emptySellerSummary(),
    contactMessages: [],
    newsletterSubscribers: [],
    pageSize: rules.DEFAULT_PAGE_LIMIT,
    business: null,
    qualifyingBusiness: false,
    licence: {
      premisesLicence: null,
      supervisor: null,
      hours: structuredClone(rules.DEFAULT_LICENSED_HOURS),
    },
    alcoholPicking: { allowed: true, message: rules.alcoholHoursMessage(['08:00', '23:00']) },
    refusals: [],
  };
}

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** The path, without origin or query string. */
  url: string;
  /** Query string parameters. */
  params: Record<string, string>;
  /** The query string as sent, with its `?` (empty when there is none). */
  search: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, the FormData of a multipart body, the text of any other, undefined when empty. */
  body: unknown;
}

/** An answer: the status (200 unless given) and the JSON body, typed as the endpoint's response when given. */
export interface Answer<T = unknown> {
  status?: number;
  body: T;
}

/**
 * Answers a request from the state. A function given to `on()` may also change the state and return nothing:
 * the fake then answers as it always does, from the changed state.
 */
export type AnswerFn<T = unknown> = (
  request: RecordedRequest,
  state: MockApiState,
) => Answer<T> | void | Promise<Answer<T> | void>;

type Handler = (request: RecordedRequest, state: MockApiState) => Answer | Promise<Answer>;

/** A success: `{ success: true, ...body }`, checked against the endpoint's response type `T` when given. */
function ok<T extends { success: boolean }>(body: Omit<T, 'success'>, status = 200): Answer<T> {
  return { status, body: { success: true, ...body } as T };
}

/** A refusal as the server's error filter writes it: `{ success: false, message, ...extra }`. */
/** The server's error answer: its status's generic code unless `extra` names the refusal's own. */
function refuse(status: number, message: string, extra: object = {}): Answer {
  return { status, body: { success: false, message, code: rules.genericErrorCode(status), ...extra } };
}

/** The seller's endpoints: 401 "Seller access only" without the seller's session. */
const asSeller =
  (handler: Handler): Handler =>
  (request, state) =>
    state.seller ? handler(request, state) : refuse(401, MESSAGES.sellerOnly);

/** The customer's endpoints: 401 "Please sign in to continue" without a customer's session. */
const asCustomer =
  (handler: (request: RecordedRequest, state: MockApiState, user: Api.UserDto) => Answer): Handler =>
  (request, state) =>
    state.user ? handler(request, state, state.user) : refuse(401, MESSAGES.notAuthorized);

/** The `:id` of /api/<area>/:id/... */
const idOf = (request: RecordedRequest) => request.url.split('/')[3];

/** Pounds (as the API shows money) to pence (as the rules count it). */
const pence = (pounds: number) => rules.poundsToPence(pounds) ?? NaN;
/** A VAT percent (as the API shows it) to basis points (as the rules count it). */
const basisPoints = (percent: number) => rules.percentToBasisPoints(percent) ?? NaN;
/** A unit price and VAT rate as the rules take them: pence and basis points. */
const priced = (line: { price: number; vat: number }) => ({
  price: pence(line.price),
  vatBasisPoints: basisPoints(line.vat),
});

function slotPlaces(state: MockApiState, time: string) {
  const booked = state.bookedSlots[time as DeliverySlotTime] ?? 0;
  return { time, capacity: state.slotCapacity, booked, available: Math.max(0, state.slotCapacity - booked) };
}

/**
 * A product as the seller's multipart form describes it (productData JSON) over `base`, its unit price new. As
 * on the server, allergens sent (a list, [] for "contains none") confirm them; left out of an add, or null, they
 * are not confirmed; left out of an edit they stay as they were.
 */
const productFrom = (
  body: unknown,
  base: Partial<Api.ProductDto> & Pick<Api.ProductDto, '_id'>,
  adding = false,
) => {
  const data = JSON.parse(String((body as FormData).get('productData'))) as { allergens?: string[] | null };
  const allergens =
    data.allergens !== undefined
      ? { allergens: data.allergens ?? [], allergensConfirmed: data.allergens !== null }
      : adding
        ? { allergens: [], allergensConfirmed: false }
        : {};
  return makeProduct({ ...base, ...data, ...allergens, unitPrice: undefined } as Partial<Api.ProductDto> &
    Pick<Api.ProductDto, '_id'>);
};

/** One page of a seller list: `?page=` from 1 and `?limit=`, the list in the state's order (newest first). */
function listPage(key: string, list: unknown[], request: RecordedRequest, state: MockApiState): Answer {
  const limit = Number(request.params.limit ?? state.pageSize);
  const page = Number(request.params.page ?? 1);
  const totalPages = Math.max(1, Math.ceil(list.length / limit));
  return ok({
    [key]: list.slice((page - 1) * limit, page * limit),
    page,
    limit,
    total: list.length,
    totalPages,
  });
}

const totalsInPounds = (totals: OrderTotals) => ({
  amount: rules.penceToPounds(totals.amount),
  shippingCharge: rules.penceToPounds(totals.shipping),
  totalVat: rules.penceToPounds(totals.vat),
  goods: rules.penceToPounds(totals.goods),
});

/** An order's lines priced as the server prices them (priceOrder), with the shop's shipping settings. */
function priceLines(lines: readonly { product: Api.ProductDto; quantity: number }[], state: MockApiState) {
  return rules.priceOrder(
    lines.map(({ product, quantity }) => ({
      product: product._id,
      offerPrice: pence(product.offerPrice),
      quantity,
      vatBasisPoints: basisPoints(product.vat),
    })),
    {
      shippingCharge: pence(state.shipping.shippingCharge),
      shippingThreshold: pence(state.shipping.shippingThreshold),
    },
    rules.promotionRules(state.promotions),
  );
}

/**
 * Checkout as the server checks it, in shared-domain's CHECKOUT_CHECKS order (the server's checkout steps run the
 * same list): the address, the customer's open orders, the delivery date, each line's product and stock, the age
 * confirmation, the totals (priceOrder); then a place in the slot. Then its units and slot place are taken and the
 * cart emptied; the order itself is not kept (seed userOrders for My Orders).
 */
function placeCodOrder(request: RecordedRequest, state: MockApiState, user: Api.UserDto): Answer {
  const body = request.body as Api.PlaceOrderDto;
  const lines: { product: Api.ProductDto; quantity: number }[] = [];
  const checks: Record<rules.CheckoutCheck, () => Answer | undefined> = {
    address: () =>
      user.addresses.some((a) => a._id === body.address)
        ? undefined
        : refuse(400, MESSAGES.addressNotFound, { code: rules.ERROR_CODES.ADDRESS_NOT_FOUND }),
    // The fake keeps no orders of the customer's to count (userOrders are what My Orders shows).
    openOrders: () => undefined,
    slot: () => {
      const deliveryDate = rules.selectableDeliveryDate(new Date());
      return body.deliverySlot.date === deliveryDate
        ? undefined
        : refuse(409, MESSAGES.deliveryDateUnavailable, {
            deliveryDate,
            code: rules.ERROR_CODES.DELIVERY_DATE_UNAVAILABLE,
          });
    },
    lines: () => {
      for (const item of body.items) {
        const product = state.products.find((p) => p._id === item.product);
        if (!product)
          return refuse(409, MESSAGES.itemUnavailable, { code: rules.ERROR_CODES.ITEM_UNAVAILABLE });
        if (!product.inStock)
          return refuse(409, rules.outOfStockMessage(product.name), { code: rules.ERROR_CODES.OUT_OF_STOCK });
        if (product.stock !== null && product.stock < item.quantity)
          return refuse(409, rules.notEnoughStockMessage(product.name, product.stock), {
            code: rules.ERROR_CODES.OUT_OF_STOCK,
          });
        lines.push({ product, quantity: item.quantity });
      }
      return undefined;
    },
    ageConfirmation: () =>
      rules.ageConfirmationMissing(
        lines.map((l) => l.product),
        false,
        body.ageConfirmed,
      )
        ? refuse(400, MESSAGES.ageConfirmationRequired, { code: rules.ERROR_CODES.AGE_CONFIRMATION_REQUIRED })
        : undefined,
    totals: () => {
      const totals = priceLines(lines, state);
      return pence(body.amount) !== totals.amount ||
        pence(body.shippingCharge) !== totals.shipping ||
        pence(body.totalVat) !== totals.vat
        ? refuse(409, MESSAGES.totalsChanged, {
            ...totalsInPounds(totals),
            code: rules.ERROR_CODES.TOTALS_CHANGED,
          })
        : undefined;
    },
  };
  for (const check of rules.CHECKOUT_CHECKS) {
    const refused = checks[check]();
    if (refused) return refused;
  }
  const slot = slotPlaces(state, body.deliverySlot.time);
  if (slot.available <= 0) return refuse(409, MESSAGES.slotFull, { code: rules.ERROR_CODES.SLOT_FULL });

  state.bookedSlots[slot.time as DeliverySlotTime] = slot.booked + 1;
  for (const { product, quantity } of lines) if (product.stock !== null) product.stock -= quantity;
  user.cartItems = {};
  const orderId = `order-${state.userOrders.length + 1}`;
  return ok<Api.PlaceCodOrderApiResponse>({ message: MESSAGES.orderPlaced, orderId }, 201);
}

/**
 * The customer's change of an order, as the server rules it: only while canChangeOrder allows (cash on delivery,
 * Pending, not being picked, before the cut-off); 18+ lines only with the confirmation given on the order before
 * or now; the units the order holds count as available to it; re-priced with priceOrder.
 */
function changeOrder(request: RecordedRequest, state: MockApiState, user: Api.UserDto): Answer {
  const body = request.body as Api.ChangeOrderDto;
  const order = state.userOrders.find((o) => o._id === idOf(request) && o.userId === user._id);
  if (!order) return refuse(404, MESSAGES.orderNotFound);
  if (!rules.canChangeOrder(rules.orderLifeOfView(order), new Date()))
    return refuse(409, MESSAGES.orderNotChangeable, { code: rules.ERROR_CODES.ORDER_NOT_CHANGEABLE });
  const lines: { product: Api.ProductDto; quantity: number; allowSubstitutes: boolean }[] = [];
  for (const item of body.items) {
    const product = state.products.find((p) => p._id === item.product);
    if (!product) return refuse(409, MESSAGES.itemUnavailable, { code: rules.ERROR_CODES.ITEM_UNAVAILABLE });
    const held = order.items.find((i) => i.product === item.product)?.quantity ?? 0;
    if (product.stock !== null && product.stock + held < item.quantity)
      return refuse(409, rules.notEnoughStockMessage(product.name, product.stock + held), {
        code: rules.ERROR_CODES.OUT_OF_STOCK,
      });
    lines.push({ product, quantity: item.quantity, allowSubstitutes: item.allowSubstitutes !== false });
  }
  if (
    rules.ageConfirmationMissing(
      lines.map((l) => l.product),
      order.ageConfirmed,
      body.ageConfirmed,
    )
  )
    return refuse(400, MESSAGES.ageConfirmationRequired, {
      code: rules.ERROR_CODES.AGE_CONFIRMATION_REQUIRED,
    });
  const totals = priceLines(lines, state);
  Object.assign(order, totalsInPounds(totals), {
    ageConfirmed: order.ageConfirmed || body.ageConfirmed === true,
    items: lines.map(({ product, quantity, allowSubstitutes }) => ({
      product: product._id,
      productId: product._id,
      name: product.name,
      image: product.image[0] ?? null,
      price: product.offerPrice,
      quantity,
      vat: product.vat,
      ageRestricted: product.ageRestricted,
      allowSubstitutes,
      picked: null,
      substitute: null,
      refused: false,
    })),
  });
  return ok<Api.ChangeOrderApiResponse>({ message: MESSAGES.orderChanged, order });
}

/**
 * The seller's next fulfilment stage, one step forward: picked records every line's units found and any
 * substitute (at substituteUnitPrice), delivered completes the order without the lines refused at the door;
 * either re-prices the order (priceFulfilledOrder) from what goes to the door.
 */
function changeFulfilment(request: RecordedRequest, state: MockApiState): Answer {
  const { stage, lines = [] } = request.body as Api.UpdateFulfilmentDto;
  if (!rules.isFulfilmentStage(stage)) return refuse(400, MESSAGES.invalidFulfilmentStage);
  const order = state.sellerOrders.find((o) => o._id === idOf(request));
  if (!order) return refuse(404, MESSAGES.orderNotFound);
  const refusal = rules.fulfilmentStepRefusal(order, stage);
  if (refusal) return refuse(409, refusal, { code: rules.ERROR_CODES.FULFILMENT_STEP_NOT_ALLOWED });

  const answer = ok<Api.UpdateFulfilmentApiResponse>({ message: MESSAGES.fulfilmentUpdated, order });
  const lineOf = (item: Api.SellerOrderView['items'][number]) =>
    lines.find((l) => l.product === item.product);
  if (stage === 'picked') {
    // The checklist sends every line, as the server requires; a substitute may have sold out meanwhile.
    const soldOut = state.products.find(
      (p) => !p.inStock && lines.some((l) => l.substitute?.product === p._id),
    );
    if (soldOut)
      return refuse(409, rules.outOfStockMessage(soldOut.name), { code: rules.ERROR_CODES.OUT_OF_STOCK });
    const adultsOnly = state.products.find(
      (p) => p.ageRestricted && lines.some((l) => l.substitute?.product === p._id),
    );
    if (adultsOnly && !order.ageConfirmed)
      return refuse(400, rules.substituteNeedsAgeConfirmationMessage(adultsOnly.name), {
        code: rules.ERROR_CODES.AGE_CONFIRMATION_REQUIRED,
      });
    for (const item of order.items) {
      const { picked = null, substitute } = lineOf(item) ?? {};
      const product = substitute && state.products.find((p) => p._id === substitute.product)!;
      const price =
        product && rules.substituteUnitPrice(priced(item), priced({ ...product, price: product.offerPrice }));
      item.picked = picked;
      item.substitute = product
        ? {
            ...substitute,
            name: product.name,
            price: rules.penceToPounds(price!),
            vat: product.vat,
            ageRestricted: product.ageRestricted,
          }
        : null;
    }
  }
  if (stage === 'delivered') {
    for (const item of order.items) if (lineOf(item)?.refused) item.refused = true;
    Object.assign(order, { status: 'Completed', isPaid: true });
  }
  order.fulfilment = stage;
  if (stage === 'picked' || lines.some((l) => l.refused)) {
    const totals = rules.priceFulfilledOrder(
      order.items.map((i) => ({
        ...i,
        ...priced(i),
        substitute: i.substitute && { ...i.substitute, ...priced(i.substitute) },
      })),
      pence(order.shippingCharge),
    );
    Object.assign(order, totalsInPounds(totals));
  }
  const handed = (request.body as Api.UpdateFulfilmentDto).collected;
  if (stage === 'delivered' && handed) {
    // What was handed over, the change worked out from what was due, and what the shop kept (shared-domain's rule).
    const door = rules.doorMoney(pence(order.due), { cash: pence(handed.cash), card: pence(handed.card) });
    order.collected = {
      cash: handed.cash,
      card: handed.card,
      change: rules.penceToPounds(door.change),
      kept: rules.penceToPounds(door.keptCash + door.keptCard),
    };
  }
  return answer;
}

/** The authenticator's code, or an unused recovery code (then spent). */
function acceptCode(state: MockApiState, code: unknown): boolean {
  const { code: current, recoveryCodes } = state.sellerTwoFactor;
  if (code === current) return true;
  const recovery = recoveryCodes.indexOf(String(code));
  if (recovery >= 0) recoveryCodes.splice(recovery, 1);
  return recovery >= 0;
}

const sellerSignedIn = (state: MockApiState) => {
  state.seller = true;
  state.sellerAwaitingCode = false;
  return ok<Api.SellerLoginApiResponse>({ message: MESSAGES.sellerLoggedIn, twoFactorRequired: false });
};

const customerSignedIn = (state: MockApiState, user: Api.UserDto) => {
  state.user = user;
  return ok<Api.GoogleLoginApiResponse>({ message: MESSAGES.loggedInWithGoogle, user });
};

const code = (request: RecordedRequest) => (request.body as { code?: string }).code;

/** The fake's answers, "METHOD /path" to handler. */
const ROUTES: Record<string, Handler> = {
  // Catalogue
  'GET /api/product/list': (_r, s) => ok<Api.ListProductsApiResponse>({ products: s.products }),
  'GET /api/promotions': (_r, s) => ok<Api.ListPromotionsApiResponse>({ promotions: s.promotions }),
  // A stand-in for the server's ranked search: the names holding the text. Seed an answer to test ranking.
  'GET /api/product/search': (r, s) => {
    const q = (r.params.q ?? '').toLowerCase();
    return ok({ products: s.products.filter((p) => p.name.toLowerCase().includes(q)) });
  },
  'POST /api/product/stock': asSeller((r, s) => {
    const { id, inStock, stock } = r.body as Api.SetProductStockDto;
    if (inStock === undefined && stock === undefined) return refuse(400, MESSAGES.stockOrSwitchRequired);
    const product = s.products.find((p) => p._id === id);
    if (!product) return refuse(404, MESSAGES.productNotFound);
    // The request's inStock is the seller's switch (listed); the answer's inStock is whether shoppers can buy it.
    if (inStock !== undefined) product.listed = inStock;
    if (stock !== undefined) product.stock = stock;
    product.inStock = rules.isPurchasable({ listed: product.listed, stock: product.stock ?? null });
    return ok({ message: MESSAGES.stockUpdated, product });
  }),
  'POST /api/product/add': asSeller((r, s) => {
    // As on the server, a product added without a pack size has none (and so no unit price).
    const product = productFrom(
      r.body,
      {
        _id: `p-${s.products.length + 1}`,
        netQuantity: null,
        unit: null,
      },
      true,
    );
    s.products.unshift(product);
    return ok({ message: MESSAGES.productAdded, product }, 201);
  }),
  'PUT /api/product/:id': asSeller((r, s) => {
    const index = s.products.findIndex((p) => p._id === idOf(r));
    if (index < 0) return refuse(404, MESSAGES.productNotFound);
    s.products[index] = productFrom(r.body, s.products[index]);
    return ok({ message: MESSAGES.productUpdated, product: s.products[index] });
  }),
  // Promotions: a new one is scheduled (the fake keeps no clock); ending a running one ends it, a scheduled one goes.
  'GET /api/seller/promotions': asSeller((_r, s) =>
    ok<Api.ListSellerPromotionsApiResponse>({ promotions: s.sellerPromotions }),
  ),
  'POST /api/seller/promotions': asSeller((r, s) => {
    const body = r.body as Api.PromotionInputDto;
    if (!body.products?.length) return refuse(400, rules.PROMOTION_TEXTS.invalidProducts);
    const promotion: Api.SellerPromotionDto = {
      _id: `promotion-${s.sellerPromotions.length + 1}`,
      kind: body.kind,
      label: rules.promotionLabel({
        kind: body.kind,
        quantity: body.quantity ?? 1,
        price: pence(body.price ?? 0),
        free: body.free ?? 0,
        productCount: body.products.length,
      }),
      products: body.products,
      quantity: body.quantity ?? 1,
      price: body.price ?? 0,
      free: body.free ?? 0,
      wasPrice: null,
      startsAt: `${body.startsAt}T00:00:00+00:00`,
      endsAt: `${body.endsAt}T00:00:00+00:00`,
      active: false,
      state: 'scheduled',
      unitsSold: 0,
      saving: 0,
      notApplied: [],
    };
    s.sellerPromotions.push(promotion);
    return ok<Api.CreatePromotionApiResponse>(
      { message: rules.PROMOTION_TEXTS.promotionCreated, promotion },
      201,
    );
  }),
  // A change replaces the terms of one not yet ended (its state and dates kept as the fake has no clock).
  'PUT /api/seller/promotions/:id': asSeller((r, s) => {
    const promotion = s.sellerPromotions.find((p) => p._id === r.url.split('/')[4]);
    if (!promotion) return refuse(404, rules.PROMOTION_TEXTS.promotionNotFound);
    if (promotion.state === 'ended') return refuse(409, rules.PROMOTION_TEXTS.endedPromotion);
    const body = r.body as Api.PromotionInputDto;
    if (!body.products?.length) return refuse(400, rules.PROMOTION_TEXTS.invalidProducts);
    Object.assign(promotion, {
      label: rules.promotionLabel({
        kind: body.kind,
        quantity: body.quantity ?? 1,
        price: pence(body.price ?? 0),
        free: body.free ?? 0,
        productCount: body.products.length,
        was: promotion.wasPrice === null ? undefined : pence(promotion.wasPrice),
      }),
      products: body.products,
      quantity: body.quantity ?? 1,
      price: body.price ?? 0,
      free: body.free ?? 0,
    });
    return ok<Api.UpdatePromotionApiResponse>({
      message: rules.PROMOTION_TEXTS.promotionUpdated,
      promotion,
    });
  }),
  'DELETE /api/seller/promotions/:id': asSeller((r, s) => {
    const promotion = s.sellerPromotions.find((p) => p._id === r.url.split('/')[4]);
    if (!promotion) return refuse(404, rules.PROMOTION_TEXTS.promotionNotFound);
    if (promotion.state === 'ended') return refuse(409, rules.PROMOTION_TEXTS.endedPromotion);
    if (promotion.state === 'scheduled')
      s.sellerPromotions = s.sellerPromotions.filter((p) => p !== promotion);
    else Object.assign(promotion, { state: 'ended', active: false });
    return ok({ message: rules.PROMOTION_TEXTS.promotionEnded });
  }),

  // Deleting takes the product out of the customer's cart too.
  'DELETE /api/product/:id': asSeller((r, s) => {
    const id = idOf(r);
    if (!s.products.some((p) => p._id === id)) return refuse(404, MESSAGES.productNotFound);
    s.products = s.products.filter((p) => p._id !== id);
    if (s.user) delete s.user.cartItems[id];
    return ok({ message: MESSAGES.productDeleted });
  }),

  // Settings and delivery
  'GET /api/settings/business': (_r, s) => ok<Api.GetBusinessDetailsApiResponse>({ business: s.business }),
  'POST /api/settings/business': asSeller((r, s) => {
    const body = r.body as Api.BusinessDetailsDto;
    s.business = { ...body, vatNumber: body.vatNumber ?? null, companyNumber: body.companyNumber ?? null };
    return ok<Api.UpdateBusinessDetailsApiResponse>({ business: s.business });
  }),
  'GET /api/settings/shipping': (_r, s) =>
    ok<Api.GetShippingSettingsApiResponse>({ ...s.shipping, maxPerProduct: s.maxPerProduct }),
  'POST /api/settings/shipping': asSeller((r, s) => {
    s.shipping = { ...(r.body as MockApiState['shipping']) };
    return ok<Api.GetShippingSettingsApiResponse>({
      message: MESSAGES.shippingSettingsUpdated,
      ...s.shipping,
      maxPerProduct: s.maxPerProduct,
    });
  }),
  'GET /api/settings/delivery': asSeller((_r, s) =>
    ok<Api.GetDeliverySettingsApiResponse>({ slotCapacity: s.slotCapacity }),
  ),
  'POST /api/settings/delivery': asSeller((r, s) => {
    s.slotCapacity = (r.body as { slotCapacity: number }).slotCapacity;
    return ok<Api.GetDeliverySettingsApiResponse>({
      message: MESSAGES.deliverySettingsUpdated,
      slotCapacity: s.slotCapacity,
    });
  }),
  'GET /api/settings/orders': asSeller((_r, s) =>
    ok<Api.GetOrderSettingsApiResponse>({ maxOpenOrders: s.maxOpenOrders, maxPerProduct: s.maxPerProduct }),
  ),
  'POST /api/settings/orders': asSeller((r, s) => {
    const body = r.body as Api.UpdateOrderSettingsDto;
    if (body.maxPerProduct !== undefined && !rules.isValidPerOrderLimit(body.maxPerProduct))
      return refuse(400, MESSAGES.invalidMaxPerProduct);
    s.maxOpenOrders = body.maxOpenOrders;
    s.maxPerProduct = body.maxPerProduct ?? s.maxPerProduct;
    return ok<Api.GetOrderSettingsApiResponse>({
      message: MESSAGES.orderSettingsUpdated,
      maxOpenOrders: s.maxOpenOrders,
      maxPerProduct: s.maxPerProduct,
    });
  }),
  'GET /api/settings/food-promotion': asSeller((_r, s) =>
    ok<Api.GetFoodPromotionSettingsApiResponse>({ qualifyingBusiness: s.qualifyingBusiness }),
  ),
  'POST /api/settings/food-promotion': asSeller((r, s) => {
    const value = (r.body as { qualifyingBusiness?: unknown }).qualifyingBusiness;
    if (typeof value !== 'boolean') return refuse(400, rules.FOOD_PROMOTION_TEXTS.invalid);
    s.qualifyingBusiness = value;
    return ok<Api.UpdateFoodPromotionSettingsApiResponse>({
      message: rules.FOOD_PROMOTION_TEXTS.saved,
      qualifyingBusiness: value,
    });
  }),
  'GET /api/settings/licence': asSeller((_r, s) => ok<Api.GetLicenceSettingsApiResponse>({ ...s.licence })),
  'POST /api/settings/licence': asSeller((r, s) => {
    const body = r.body as Api.LicenceSettingsDto;
    if (!rules.isLicensedHours(body.hours)) return refuse(400, rules.LICENCE_TEXTS.hoursInvalid);
    s.licence = {
      premisesLicence: body.premisesLicence?.trim() || null,
      supervisor: body.supervisor?.trim() || null,
      hours: body.hours,
    };
    return ok<Api.UpdateLicenceSettingsApiResponse>({ message: rules.LICENCE_TEXTS.saved, ...s.licence });
  }),
  'GET /api/seller/refusals': asSeller((r, s) => {
    if (
      !rules.parseIsoDate(r.params.from ?? '') ||
      !rules.parseIsoDate(r.params.to ?? '') ||
      r.params.from! > r.params.to!
    )
      return refuse(400, rules.REFUSALS_TEXTS.rangeInvalid);
    return ok<Api.ListRefusalsApiResponse>({ refusals: s.refusals });
  }),
  'GET /api/settings/delivery-area': (_r, s) =>
    ok<Api.GetDeliveryAreasApiResponse>({ areas: s.deliveryAreas }),
  'POST /api/settings/delivery-area': asSeller((r, s) => {
    const areas = rules.normaliseDeliveryAreas((r.body as { areas?: unknown }).areas);
    if (!areas) return refuse(400, MESSAGES.invalidDeliveryAreas);
    s.deliveryAreas = areas;
    return ok<Api.UpdateDeliveryAreasApiResponse>({ message: MESSAGES.deliveryAreasUpdated, areas });
  }),
  'GET /api/delivery/check': (r, s) => {
    const postcode = rules.normaliseUkPostcode(r.params.postcode ?? '');
    if (!postcode) return refuse(400, MESSAGES.invalidPostcode);
    const city = rules.deliveryCityFor(postcode, s.deliveryAreas);
    return ok<Api.CheckDeliveryApiResponse>(
      city ? { delivers: true, postcode, city } : { delivers: false, postcode },
    );
  },
  'GET /api/delivery/slots': (_r, s) =>
    ok<Api.ListDeliverySlotsApiResponse>({
      date: rules.selectableDeliveryDate(new Date()),
      slots: rules.DELIVERY_SLOTS.map((time) => ({
        ...slotPlaces(s, time),
        time,
        alcohol: rules.slotMayHoldAlcohol(rules.selectableDeliveryDate(new Date()), time, s.licence.hours),
      })),
    }),

  // Customer session and account
  'GET /api/auth/config': (_r, s) => ok<Api.GetAuthConfigApiResponse>(s.authConfig),
  // The development token names the e-mail it was asked for.
  'POST /api/auth/dev/id-token': (r, s) => {
    if (!s.authConfig.devSignIn) return refuse(404, 'Not found');
    return ok<Api.CreateDevIdTokenApiResponse>({
      tokenId: `dev-token:${(r.body as { email: string }).email}`,
    });
  },
  'POST /api/user/check-email': (r, s) => {
    const email = String((r.body as { email?: unknown }).email).toLowerCase();
    return ok<Api.CheckEmailApiResponse>({ exists: s.googleAccount?.email.toLowerCase() === email });
  },
  // The token signs in googleAccount; without one, the sign-up details posted make a new account.
  'POST /api/user/google-login': (r, s) => {
    if (s.googleAccount) return customerSignedIn(s, s.googleAccount);
    const { tokenId, ...details } = r.body as Record<string, string>;
    if (!details.firstName && !details.lastName && !details.phone)
      return refuse(400, MESSAGES.emailNotRegistered, { code: rules.ERROR_CODES.EMAIL_NOT_REGISTERED });
    const email = tokenId.replace(/^dev-token:/, '');
    return customerSignedIn(s, makeUser({ _id: 'user-new', email, ...details }));
  },
  // A visitor (no session) is told so without an error status.
  'GET /api/user/is-auth': (_r, s) =>
    s.user ? ok<Api.UserIsAuthApiResponse>({ user: s.user }) : { status: 200, body: { success: false } },
  'GET /api/user/profile': asCustomer((_r, _s, user) => ok({ user })),
  'PUT /api/user/update-phone': asCustomer((r, _s, user) => {
    const phone = rules.normaliseUkPhone(String((r.body as { phone?: unknown }).phone ?? ''));
    if (!phone) return refuse(400, MESSAGES.invalidPhone);
    user.phone = phone;
    return ok<Api.UpdatePhoneApiResponse>({ message: MESSAGES.phoneUpdated, phone });
  }),
  'PUT /api/user/add-address': asCustomer((r, s, user) => {
    const input = (r.body as Api.AddAddressDto).address;
    const problem = rules.addressProblem(input ?? {});
    if (problem) return refuse(400, rules.ADDRESS_PROBLEM_MESSAGES[problem]);
    if (!rules.deliversTo(input.postalCode, input.city, s.deliveryAreas))
      return refuse(400, rules.notDeliveredMessage(input.postalCode), {
        code: rules.ERROR_CODES.NOT_DELIVERED_HERE,
      });
    if (user.addresses.length >= rules.MAX_ADDRESSES_PER_CUSTOMER)
      return refuse(409, MESSAGES.tooManyAddresses, { code: rules.ERROR_CODES.TOO_MANY_ADDRESSES });
    const postalCode = rules.normaliseUkPostcode(input.postalCode) ?? '';
    const newAddress = { ...input, postalCode, _id: `addr-${user.addresses.length + 1}` };
    user.addresses.push(newAddress);
    user.defaultAddress ??= newAddress._id;
    return ok<Api.AddAddressApiResponse>({ message: MESSAGES.addressAdded, newAddress });
  }),
  'DELETE /api/user/delete-account': asCustomer((_r, s) => {
    s.user = null;
    return ok({ message: MESSAGES.accountDeleted });
  }),
  // The cart as stored: unknown products refused, unlisted ones dropped, a line above the seller's limit refused.
  'POST /api/cart/update': asCustomer((r, s, user) => {
    const lines = Object.entries((r.body as Api.UpdateCartDto).cartItems ?? {});
    const products = lines.map(([id]) => s.products.find((p) => p._id === id));
    if (!products.every(Boolean)) return refuse(400, MESSAGES.productNotFound);
    const limitOf = (i: number) => rules.orderLimitOf(products[i]!.maxPerOrder, s.maxPerProduct);
    const over = lines.findIndex(([, quantity], i) => rules.exceedsPerOrderLimit(quantity, limitOf(i)));
    if (over >= 0)
      return refuse(409, rules.perOrderLimitMessage(products[over]!.name, limitOf(over)!), {
        code: rules.ERROR_CODES.PER_ORDER_LIMIT,
      });
    user.cartItems = Object.fromEntries(lines.filter((_line, i) => products[i]!.listed));
    return ok<Api.UpdateCartApiResponse>({ message: MESSAGES.cartUpdated, cartItems: user.cartItems });
  }),

  // Orders
  'GET /api/order/user': asCustomer((_r, s) => ok<Api.ListUserOrdersApiResponse>({ orders: s.userOrders })),
  'POST /api/order/cod': asCustomer(placeCodOrder),
  // The customer's own Pending order, not yet being picked, within the cancel window.
  'PUT /api/order/:id/cancel': asCustomer((r, s, user) => {
    const order = s.userOrders.find((o) => o._id === idOf(r) && o.userId === user._id);
    if (!order) return refuse(404, MESSAGES.orderNotFound);
    const refusal = rules.customerCancelRefusal(order, new Date());
    if (refusal) return refuse(409, MESSAGES[refusal], { code: rules.ERROR_CODES.CANCEL_NOT_ALLOWED });
    order.status = 'Cancelled';
    return ok({ message: MESSAGES.orderCancelled });
  }),
  'PUT /api/order/:id': asCustomer(changeOrder),
  'GET /api/order/seller': asSeller((r, s) => listPage('orders', s.sellerOrders, r, s)),
  // Only the allowed changes (statusChangeRefusal), with their effects (statusChangeEffects).
  'PUT /api/order/:id/status': asSeller((r, s) => {
    const order = s.sellerOrders.find((o) => o._id === idOf(r));
    if (!order) return refuse(404, MESSAGES.orderNotFound);
    const { status } = r.body as Api.UpdateOrderStatusDto;
    const refusal = rules.statusChangeRefusal(order, status);
    if (refusal) return refuse(409, MESSAGES[refusal], { code: rules.ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED });
    if (status !== order.status) {
      const { refundDue, ...effects } = rules.statusChangeEffects(
        { isPaid: order.isPaid, amount: pence(order.amount) },
        status,
      );
      Object.assign(order, effects, { status });
      if (refundDue)
        Object.assign(order, { refundDue: true, refundDueAmount: rules.penceToPounds(refundDue) });
    }
    return ok({ message: MESSAGES.orderUpdated });
  }),
  'GET /api/seller/run': asSeller((r, s) => {
    // A slot's non-cancelled orders, as the server answers the driver's Run page (by postcode there).
    const { date = '', time = '' } = r.params;
    if (!rules.parseIsoDate(date) || !rules.isDeliverySlot(time))
      return refuse(400, MESSAGES.pickingDateInvalid);
    const orders = s.sellerOrders.filter(
      (o) => o.deliverySlot.date === date && o.deliverySlot.time === time && o.status !== 'Cancelled',
    );
    return ok<Api.GetRunApiResponse>({ date, time, orders });
  }),
  'GET /api/seller/picking': asSeller((r, s) => {
    // Without a date, as on the server: the earliest date from the next picking date on that has orders.
    const from = rules.nextPickingDate(new Date());
    const dated = s.sellerOrders
      .filter((o) => o.status !== 'Cancelled' && o.deliverySlot.date >= from)
      .map((o) => o.deliverySlot.date)
      .sort();
    const date = r.params.date ?? dated[0] ?? from;
    if (!rules.parseIsoDate(date)) return refuse(400, MESSAGES.pickingDateInvalid);
    const orders = s.sellerOrders.filter((o) => o.deliverySlot.date === date && o.status !== 'Cancelled');
    const slots = rules.DELIVERY_SLOTS.map((time) => ({
      time,
      orders: orders.filter((o) => o.deliverySlot.time === time),
    }));
    return ok<Api.GetPickingApiResponse>({ date, products: s.pickList, slots, alcohol: s.alcoholPicking });
  }),
  'PUT /api/order/:id/fulfilment': asSeller(changeFulfilment),

  // Seller session and screens
  // A visitor (no seller session) is told so without an error status, as the server does.
  'GET /api/seller/is-auth': (_r, s) => (s.seller ? ok({}) : { status: 200, body: { success: false } }),
  'POST /api/seller/login': (r, s) => {
    const { email, password } = r.body as { email?: string; password?: string };
    if (email !== s.sellerCredentials.email || password !== s.sellerCredentials.password)
      return refuse(401, MESSAGES.invalidCredentials, { code: rules.ERROR_CODES.INVALID_CREDENTIALS });
    if (!s.sellerTwoFactor.enabled) return sellerSignedIn(s);
    s.sellerAwaitingCode = true;
    return ok<Api.SellerLoginApiResponse>({ message: MESSAGES.twoFactorCodeNeeded, twoFactorRequired: true });
  },
  'POST /api/seller/login/code': (r, s) => {
    if (!s.sellerAwaitingCode)
      return refuse(401, MESSAGES.twoFactorSignInExpired, {
        code: rules.ERROR_CODES.TWO_FACTOR_SIGN_IN_EXPIRED,
      });
    return acceptCode(s, code(r))
      ? sellerSignedIn(s)
      : refuse(401, MESSAGES.twoFactorCodeWrong, { code: rules.ERROR_CODES.TWO_FACTOR_CODE_WRONG });
  },
  'GET /api/seller/two-factor': asSeller((_r, s) => {
    const { enabled, recoveryCodes } = s.sellerTwoFactor;
    return ok<Api.GetTwoFactorStatusApiResponse>({
      enabled,
      recoveryCodesLeft: enabled ? recoveryCodes.length : 0,
    });
  }),
  'POST /api/seller/two-factor/setup': asSeller((_r, s) =>
    s.sellerTwoFactor.enabled
      ? refuse(409, MESSAGES.twoFactorAlreadyOn, { code: rules.ERROR_CODES.TWO_FACTOR_ALREADY_ON })
      : ok<Api.StartTwoFactorSetupApiResponse>({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Larder:seller%40larder.local?secret=JBSWY3DPEHPK3PXP&issuer=Larder',
          qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
        }),
  ),
  'POST /api/seller/two-factor/confirm': asSeller((r, s) => {
    if (s.sellerTwoFactor.enabled)
      return refuse(409, MESSAGES.twoFactorAlreadyOn, { code: rules.ERROR_CODES.TWO_FACTOR_ALREADY_ON });
    if (code(r) !== s.sellerTwoFactor.code)
      return refuse(400, MESSAGES.twoFactorCodeWrong, { code: rules.ERROR_CODES.TWO_FACTOR_CODE_WRONG });
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
    s.sellerTwoFactor = { ...s.sellerTwoFactor, enabled: true, recoveryCodes: [...recoveryCodes] };
    return ok({ message: MESSAGES.twoFactorEnabled, recoveryCodes });
  }),
  'POST /api/seller/two-factor/disable': asSeller((r, s) => {
    if (!s.sellerTwoFactor.enabled)
      return refuse(409, MESSAGES.twoFactorNotOn, { code: rules.ERROR_CODES.TWO_FACTOR_NOT_ON });
    if (!acceptCode(s, code(r)))
      return refuse(400, MESSAGES.twoFactorCodeWrong, { code: rules.ERROR_CODES.TWO_FACTOR_CODE_WRONG });
    s.sellerTwoFactor = { ...s.sellerTwoFactor, enabled: false, recoveryCodes: [] };
    return ok({ message: MESSAGES.twoFactorDisabled });
  }),
  'GET /api/seller/summary': asSeller((_r, s) => ok<Api.GetSellerSummaryApiResponse>(s.sellerSummary)),
  'GET /api/contact': asSeller((r, s) => listPage('messages', s.contactMessages, r, s)),
  'POST /api/contact': (r, s) => {
    const sent = r.body as Pick<Api.ContactMessageView, 'name' | 'email' | 'phone' | 'message'>;
    const id = `m-${s.contactMessages.length + 1}`;
    s.contactMessages.unshift({ _id: id, ...sent, createdAt: new Date().toISOString(), emailedAt: null });
    return ok({ message: MESSAGES.contactSent }, 201);
  },
  'GET /api/newsletter': asSeller((r, s) => listPage('subscribers', s.newsletterSubscribers, r, s)),
  'POST /api/newsletter': (r, s) => {
    const email = String((r.body as { email?: unknown }).email);
    s.newsletterSubscribers.unshift({ email, createdAt: new Date().toISOString() });
    return ok({ message: MESSAGES.newsletterJoined }, 201);
  },
};

// Signing out answers the same to GET and POST, signed in or not.
for (const method of ['GET', 'POST']) {
  ROUTES[`${method} /api/user/logout`] = (_r, s) => {
    s.user = null;
    return ok({ message: MESSAGES.loggedOut });
  };
  ROUTES[`${method} /api/seller/logout`] = (_r, s) => {
    s.seller = false;
    return ok({ message: MESSAGES.loggedOut });
  };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

let origins = 0;

/**
 * Starts the fake API for the tests of one file: it listens from the first test to the last, and each test
 * starts with the default state, no requests and its own origin (a store of an earlier test that still
 * sends, such as a debounced cart sync, is answered 404 and not recorded).
 */
export function setupMockApi() {
  let state = defaultState();
  let requests: RecordedRequest[] = [];
  let origin = '';

  const nextTest = () => {
    state = defaultState();
    requests = [];
    origin = `http://api-${++origins}.larder.test`;
  };
  nextTest();

  /**
   * Records the request (when it comes from this test's origin), then answers it; an answer of nothing leaves
   * the request to the next handler (the fake's own), which records it.
   */
  const recorded =
    (answer: AnswerFn): HttpResponseResolver =>
    async ({ request }) => {
      const url = new URL(request.url);
      if (url.origin !== origin)
        return HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
      const entry: RecordedRequest = {
        method: request.method,
        url: url.pathname,
        params: Object.fromEntries(url.searchParams),
        // The raw request URL: URL#search drops a bare trailing "?".
        search: request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '',
        headers: Object.fromEntries(request.headers),
        body: undefined,
      };
      requests.push(entry);
      entry.body = await readBody(request.clone());
      const answered = await answer(entry, state);
      if (!answered) {
        requests.splice(requests.indexOf(entry), 1);
        return undefined;
      }
      return HttpResponse.json(answered.body as JsonBodyType, { status: answered.status ?? 200 });
    };

  const route = (method: string, path: string, answer: AnswerFn) =>
    http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](`*${path}`, recorded(answer));

  const server = setupServer(
    ...Object.entries(ROUTES).map(([key, handler]) => {
      const [method, path] = key.split(' ');
      return route(method, path, handler);
    }),
    // Anything else under /api: what the server says about an unknown route.
    http.all(
      '*/api/*',
      recorded(() => refuse(404, 'Not found')),
    ),
  );

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    nextTest();
  });
  afterAll(() => server.close());

  const mockApi = {
    /** This test's state of the fake server; handlers read and change it. */
    get state(): MockApiState {
      return state;
    },
    /** Every request of this test, in the order they arrived. */
    get requests(): RecordedRequest[] {
      return requests;
    },
    /** The origin this test's stores send to. */
    get origin(): string {
      return origin;
    },
    /** Sets parts of the server's state (copies: the server's changes do not reach the test's objects). */
    seed(partial: Partial<MockApiState>) {
      Object.assign(state, structuredClone(partial));
      return mockApi;
    },
    /**
     * Answers `method path` (a path or an MSW pattern such as /api/order/:id/status) this way from now on;
     * `T` types the answer's body as the endpoint's response.
     */
    on<T = unknown>(method: string, path: string, answer: Answer<NoInfer<T>> | AnswerFn<NoInfer<T>>) {
      server.use(route(method, path, typeof answer === 'function' ? answer : () => answer));
      return mockApi;
    },
    /** The requests of this test for `method path`. */
    sent(method: string, path: string): RecordedRequest[] {
      return requests.filter((r) => r.method === method && r.url === path);
    },
    /** The shop's real store, sending to this fake API. */
    createStore(options: CreateStoreOptions = {}) {
      return createStore({ apiBaseUrl: origin, ...options });
    },
  };
  return mockApi;
}

export type MockApi = ReturnType<typeof setupMockApi>;
