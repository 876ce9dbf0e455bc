/**
 * A fake of the Larder HTTP API for the frontends' tests, at the network boundary: MSW answers the real
 * fetch calls of a real store (createStore) from a small in-memory state that each test seeds. The
 * backend's own tests run against real databases; this only stands in for the server in UI tests.
 */
import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import {
  DELIVERY_SLOTS,
  FULFILMENT_STAGES,
  MESSAGES,
  fulfilmentStepMessage,
  isPurchasable,
  nextFulfilmentStage,
  selectableDeliveryDate,
  statusChangeRefusal,
  type DeliverySlotTime,
} from '@larder/shared-domain';
import type {
  AddAddressApiResponse,
  AddressDto,
  CheckEmailApiResponse,
  ContactMessageView,
  CreateDevIdTokenApiResponse,
  DeleteAccountApiResponse,
  ErrorResponse,
  GetAuthConfigApiResponse,
  GetDeliverySettingsApiResponse,
  GetOrderSettingsApiResponse,
  GetPickingApiResponse,
  GetSellerSummaryApiResponse,
  GetShippingSettingsApiResponse,
  GoogleLoginApiResponse,
  ListContactMessagesApiResponse,
  ListDeliverySlotsApiResponse,
  ListNewsletterSubscribersApiResponse,
  ListProductsApiResponse,
  ListSellerOrdersApiResponse,
  ListUserOrdersApiResponse,
  NewsletterSubscriberView,
  OrderView,
  PlaceCodOrderApiResponse,
  ProductDto,
  SearchProductsApiResponse,
  SellerLoginApiResponse,
  StartTwoFactorSetupApiResponse,
  ConfirmTwoFactorSetupApiResponse,
  GetTwoFactorStatusApiResponse,
  SellerOrderView,
  SetProductStockDto,
  SuccessResponse,
  UpdateCartApiResponse,
  UpdateCartDto,
  UpdateFulfilmentApiResponse,
  UpdateFulfilmentDto,
  UpdateOrderStatusDto,
  UpdatePhoneApiResponse,
  UserDto,
  UserIsAuthApiResponse,
} from '../generated/api';
import { createStore, type CreateStoreOptions } from '../store';
import { emptySellerSummary, PRODUCT_DEFAULTS, withUnitPrice } from './fixtures';

/** What the fake server knows; every test starts from `defaultState()` and seeds what it needs. */
export interface MockApiState {
  /** Every product on sale, newest first. */
  products: ProductDto[];
  shipping: { shippingCharge: number; shippingThreshold: number };
  slotCapacity: number;
  /** How many of a customer's orders may wait for delivery at once. */
  maxOpenOrders: number;
  /** Orders already booked into each slot of the selectable date. */
  bookedSlots: Partial<Record<DeliverySlotTime, number>>;
  /** The signed-in customer (null for a visitor). */
  user: UserDto | null;
  /** The account a Google (or development) ID token signs in; null when the token fits no account. */
  googleAccount: UserDto | null;
  authConfig: { googleClientId: string | null; devSignIn: boolean; googleRedirect: boolean };
  userOrders: OrderView[];
  sellerOrders: SellerOrderView[];
  /** Whether the seller is signed in. */
  seller: boolean;
  sellerCredentials: { email: string; password: string };
  /** The seller's two-factor sign-in: `code` stands for whatever the authenticator app shows now. */
  sellerTwoFactor: { enabled: boolean; code: string; recoveryCodes: string[] };
  /** The seller gave the right password and the authenticator code is awaited. */
  sellerAwaitingCode: boolean;
  sellerSummary: Omit<GetSellerSummaryApiResponse, 'success'>;
  contactMessages: ContactMessageView[];
  newsletterSubscribers: NewsletterSubscriberView[];
}

export function defaultState(): MockApiState {
  return {
    products: [],
    shipping: { shippingCharge: 3.99, shippingThreshold: 40 },
    slotCapacity: 20,
    maxOpenOrders: 3,
    bookedSlots: {},
    user: null,
    googleAccount: null,
    authConfig: { googleClientId: null, devSignIn: true, googleRedirect: false },
    userOrders: [],
    sellerOrders: [],
    seller: false,
    sellerCredentials: { email: 'seller@larder.local', password: 'larder-seller' },
    sellerTwoFactor: { enabled: false, code: '123456', recoveryCodes: [] },
    sellerAwaitingCode: false,
    sellerSummary: emptySellerSummary(),
    contactMessages: [],
    newsletterSubscribers: [],
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

export interface Answer {
  status?: number;
  body: unknown;
}

export type AnswerFn = (request: RecordedRequest, state: MockApiState) => Answer | Promise<Answer>;

const notFound = { success: false, message: 'Not found' } satisfies ErrorResponse;
const signInFirst = { success: false, message: 'Please sign in to continue' } satisfies ErrorResponse;
const sellerOnly = { success: false, message: 'Seller access only' } satisfies ErrorResponse;

function json(body: unknown, status = 200) {
  return HttpResponse.json(body as JsonBodyType, { status });
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

/** A product as the seller's multipart form describes it (productData JSON), over `base`. */
function productFrom(body: unknown, base: Partial<ProductDto> & Pick<ProductDto, '_id'>): ProductDto {
  const data = JSON.parse(String((body as FormData).get('productData'))) as Partial<ProductDto>;
  // The unit price follows the pack and the offer price, as the server derives it.
  const { unitPrice: _stale, ...kept } = { ...base, ...data };
  return withUnitPrice({
    category: 'Fruits',
    name: '',
    price: 0,
    offerPrice: 0,
    vat: 0,
    ...PRODUCT_DEFAULTS,
    ...kept,
  });
}

/**
 * One page of a seller list, as the server answers it: `?page=` from 1 and `?limit=` (default 50), the list
 * in the state's order (newest first), with the page information.
 */
function pageOf<T>(list: T[], request: RecordedRequest) {
  const limit = Number(request.params.limit ?? 50);
  const page = Number(request.params.page ?? 1);
  return {
    items: list.slice((page - 1) * limit, page * limit),
    page,
    limit,
    total: list.length,
    totalPages: Math.max(1, Math.ceil(list.length / limit)),
  };
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

  /** Records the request (when it comes from this test's origin), then answers it. */
  const recorded =
    (answer: AnswerFn): HttpResponseResolver =>
    async ({ request }) => {
      const url = new URL(request.url);
      if (url.origin !== origin) return json(notFound, 404);
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
      const { status = 200, body } = await answer(entry, state);
      return json(body, status);
    };

  const route = (method: string, path: string, answer: AnswerFn): RequestHandler => {
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    return http[verb](`*${path}`, recorded(answer));
  };

  const customer = (s: MockApiState) => s.user;
  const setUser = (s: MockApiState, user: UserDto | null) => {
    s.user = user;
  };

  const handlers: RequestHandler[] = [
    // Catalogue
    route('GET', '/api/product/list', (_r, s) => ({
      body: { success: true, products: s.products } satisfies ListProductsApiResponse,
    })),
    route('GET', '/api/product/search', (r, s) => {
      const q = (r.params.q ?? '').toLowerCase();
      const products = s.products.filter((p) => p.name.toLowerCase().includes(q));
      return { body: { success: true, products } satisfies SearchProductsApiResponse };
    }),
    route('POST', '/api/product/stock', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const { id, inStock: listed, stock } = r.body as SetProductStockDto;
      const product = s.products.find((p) => p._id === id);
      if (!product) return { status: 404, body: { success: false, message: 'Product not found' } };
      // The request's inStock is the seller's switch; the answer's inStock is whether shoppers can buy it.
      if (listed !== undefined) product.listed = listed;
      if (stock !== undefined) product.stock = stock;
      product.inStock = isPurchasable({ listed: product.listed, stock: product.stock ?? null });
      return { body: { success: true, message: MESSAGES.stockUpdated, product } };
    }),
    route('POST', '/api/product/add', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const product = productFrom(r.body, { _id: `p-${s.products.length + 1}` });
      s.products = [product, ...s.products];
      return { status: 201, body: { success: true, message: MESSAGES.productAdded, product } };
    }),
    route('PUT', '/api/product/:id', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const index = s.products.findIndex((p) => p._id === r.url.split('/').pop());
      if (index < 0) return { status: 404, body: { success: false, message: 'Product not found' } };
      const product = productFrom(r.body, s.products[index]);
      s.products[index] = product;
      return { body: { success: true, message: MESSAGES.productUpdated, product } };
    }),
    route('DELETE', '/api/product/:id', (r, s) => {
      const id = r.url.split('/').pop();
      const before = s.products.length;
      s.products = s.products.filter((p) => p._id !== id);
      if (s.products.length === before)
        return { status: 404, body: { success: false, message: 'Product not found' } };
      return { body: { success: true, message: MESSAGES.productDeleted } satisfies SuccessResponse };
    }),

    // Settings and delivery
    route('GET', '/api/settings/shipping', (_r, s) => ({
      body: { success: true, ...s.shipping } satisfies GetShippingSettingsApiResponse,
    })),
    route('POST', '/api/settings/shipping', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      s.shipping = { ...(r.body as MockApiState['shipping']) };
      return {
        body: {
          success: true,
          message: MESSAGES.shippingSettingsUpdated,
          ...s.shipping,
        } satisfies GetShippingSettingsApiResponse,
      };
    }),
    route('GET', '/api/settings/delivery', (_r, s) => ({
      body: { success: true, slotCapacity: s.slotCapacity } satisfies GetDeliverySettingsApiResponse,
    })),
    route('POST', '/api/settings/delivery', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      s.slotCapacity = (r.body as { slotCapacity: number }).slotCapacity;
      return {
        body: {
          success: true,
          message: MESSAGES.deliverySettingsUpdated,
          slotCapacity: s.slotCapacity,
        } satisfies GetDeliverySettingsApiResponse,
      };
    }),
    route('GET', '/api/settings/orders', (_r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      return {
        body: { success: true, maxOpenOrders: s.maxOpenOrders } satisfies GetOrderSettingsApiResponse,
      };
    }),
    route('POST', '/api/settings/orders', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      s.maxOpenOrders = (r.body as { maxOpenOrders: number }).maxOpenOrders;
      return {
        body: {
          success: true,
          message: MESSAGES.orderSettingsUpdated,
          maxOpenOrders: s.maxOpenOrders,
        } satisfies GetOrderSettingsApiResponse,
      };
    }),
    route('GET', '/api/delivery/slots', (_r, s) => ({
      body: {
        success: true,
        date: selectableDeliveryDate(new Date()),
        slots: DELIVERY_SLOTS.map((time) => {
          const booked = Math.min(s.bookedSlots[time] ?? 0, s.slotCapacity);
          return { time, capacity: s.slotCapacity, booked, available: s.slotCapacity - booked };
        }),
      } satisfies ListDeliverySlotsApiResponse,
    })),

    // Customer session and account
    route('GET', '/api/auth/config', (_r, s) => ({
      body: { success: true, ...s.authConfig } satisfies GetAuthConfigApiResponse,
    })),
    route('POST', '/api/auth/dev/id-token', () => ({
      body: { success: true, tokenId: 'dev-token' } satisfies CreateDevIdTokenApiResponse,
    })),
    route('POST', '/api/user/check-email', (r, s) => {
      const email = String((r.body as { email?: unknown }).email ?? '').toLowerCase();
      const exists = s.googleAccount?.email.toLowerCase() === email;
      return { body: { success: true, exists } satisfies CheckEmailApiResponse };
    }),
    route('POST', '/api/user/google-login', (_r, s) => {
      if (!s.googleAccount) return { status: 401, body: signInFirst };
      setUser(s, s.googleAccount);
      return {
        body: {
          success: true,
          message: MESSAGES.loggedInWithGoogle,
          user: s.googleAccount,
        } satisfies GoogleLoginApiResponse,
      };
    }),
    route('GET', '/api/user/is-auth', (_r, s) => {
      const user = customer(s);
      if (!user) return { status: 401, body: signInFirst };
      return { body: { success: true, user } satisfies UserIsAuthApiResponse };
    }),
    route('GET', '/api/user/profile', (_r, s) => {
      const user = customer(s);
      if (!user) return { status: 401, body: signInFirst };
      return { body: { success: true, user } };
    }),
    route('GET', '/api/user/logout', (_r, s) => {
      setUser(s, null);
      return { body: { success: true, message: MESSAGES.loggedOut } satisfies SuccessResponse };
    }),
    route('POST', '/api/user/logout', (_r, s) => {
      setUser(s, null);
      return { body: { success: true, message: MESSAGES.loggedOut } satisfies SuccessResponse };
    }),
    route('PUT', '/api/user/update-phone', (r, s) => {
      const user = customer(s);
      if (!user) return { status: 401, body: signInFirst };
      user.phone = String((r.body as { phone?: unknown }).phone);
      return {
        body: {
          success: true,
          message: MESSAGES.phoneUpdated,
          phone: user.phone,
        } satisfies UpdatePhoneApiResponse,
      };
    }),
    route('PUT', '/api/user/add-address', (r, s) => {
      const user = customer(s);
      if (!user) return { status: 401, body: signInFirst };
      const input = (r.body as { address: Omit<AddressDto, '_id'> }).address;
      const newAddress: AddressDto = { _id: `addr-${user.addresses.length + 1}`, ...input };
      user.addresses.push(newAddress);
      user.defaultAddress ??= newAddress._id;
      return {
        body: { success: true, message: MESSAGES.addressAdded, newAddress } satisfies AddAddressApiResponse,
      };
    }),
    route('DELETE', '/api/user/delete-account', (_r, s) => {
      if (!customer(s)) return { status: 401, body: signInFirst };
      setUser(s, null);
      return { body: { success: true, message: MESSAGES.accountDeleted } satisfies DeleteAccountApiResponse };
    }),
    route('POST', '/api/cart/update', (r, s) => {
      const user = customer(s);
      if (!user) return { status: 401, body: signInFirst };
      user.cartItems = { ...(r.body as UpdateCartDto).cartItems };
      return {
        body: {
          success: true,
          message: MESSAGES.cartUpdated,
          cartItems: user.cartItems,
        } satisfies UpdateCartApiResponse,
      };
    }),

    // Orders
    route('GET', '/api/order/user', (_r, s) => {
      if (!customer(s)) return { status: 401, body: signInFirst };
      return { body: { success: true, orders: s.userOrders } satisfies ListUserOrdersApiResponse };
    }),
    route('POST', '/api/order/cod', (_r, s) => {
      const user = customer(s);
      if (!user) return { status: 401, body: signInFirst };
      user.cartItems = {};
      return {
        status: 201,
        body: {
          success: true,
          message: MESSAGES.orderPlaced,
          orderId: `order-${s.userOrders.length + 1}`,
        } satisfies PlaceCodOrderApiResponse,
      };
    }),
    route('PUT', '/api/order/:id/cancel', (r, s) => {
      const order = s.userOrders.find((o) => o._id === r.url.split('/')[3]);
      if (!order) return { status: 404, body: { success: false, message: 'Order not found' } };
      order.status = 'Cancelled';
      return { body: { success: true, message: MESSAGES.orderCancelled } satisfies SuccessResponse };
    }),
    route('GET', '/api/order/seller', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const { items, ...page } = pageOf(s.sellerOrders, r);
      return { body: { success: true, orders: items, ...page } satisfies ListSellerOrdersApiResponse };
    }),
    // As the server does: only the allowed changes; completing a cash order also marks it paid; cancelling a
    // paid order marks it refund due.
    route('PUT', '/api/order/:id/status', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const order = s.sellerOrders.find((o) => o._id === r.url.split('/')[3]);
      if (!order) return { status: 404, body: { success: false, message: 'Order not found' } };
      const { status } = r.body as UpdateOrderStatusDto;
      const refusal = statusChangeRefusal(order, status);
      if (refusal) return { status: 409, body: { success: false, message: MESSAGES[refusal] } };
      if (status !== order.status && status === 'Completed' && order.paymentType === 'COD')
        order.isPaid = true;
      if (status !== order.status && status === 'Cancelled' && order.isPaid) order.refundDue = true;
      order.status = status;
      return { body: { success: true, message: MESSAGES.orderUpdated } satisfies SuccessResponse };
    }),

    // The seller's day: picking per delivery date and the fulfilment stages, forward only.
    route('GET', '/api/seller/picking', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const date = r.params.date ?? '';
      const orders = s.sellerOrders.filter((o) => o.deliverySlot.date === date && o.status !== 'Cancelled');
      const totals = new Map<string, { product: string; name: string; quantity: number; orders: number }>();
      for (const order of orders) {
        for (const item of order.items) {
          const entry = totals.get(item.product) ?? {
            product: item.product,
            name: item.name,
            quantity: 0,
            orders: 0,
          };
          entry.quantity += item.quantity;
          entry.orders += 1;
          totals.set(item.product, entry);
        }
      }
      return {
        body: {
          success: true,
          date,
          products: [...totals.values()].sort((a, b) => a.name.localeCompare(b.name)),
          slots: DELIVERY_SLOTS.map((time) => ({
            time,
            orders: orders.filter((o) => o.deliverySlot.time === time),
          })),
        } satisfies GetPickingApiResponse,
      };
    }),
    route('PUT', '/api/order/:id/fulfilment', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const order = s.sellerOrders.find((o) => o._id === r.url.split('/')[3]);
      if (!order) return { status: 404, body: { success: false, message: 'Order not found' } };
      const { stage, lines = [] } = r.body as UpdateFulfilmentDto;
      if (!FULFILMENT_STAGES.includes(stage) || nextFulfilmentStage(order.fulfilment) !== stage)
        return {
          status: 409,
          body: { success: false, message: fulfilmentStepMessage(order.fulfilment, stage) },
        };
      order.fulfilment = stage;
      for (const line of lines) {
        const item = order.items.find((i) => i.product === line.product);
        if (!item) continue;
        if (line.picked !== undefined) item.picked = line.picked;
        if (line.refused) item.refused = true;
        const sub = line.substitute;
        const product = sub && s.products.find((p) => p._id === sub.product);
        if (sub && product)
          item.substitute = {
            product: sub.product,
            name: product.name,
            quantity: sub.quantity,
            price: Math.min(product.offerPrice, item.price),
            vat: product.vat,
          };
      }
      if (stage === 'delivered') {
        order.status = 'Completed';
        order.isPaid = true;
      }
      return {
        body: {
          success: true,
          message: MESSAGES.fulfilmentUpdated,
          order,
        } satisfies UpdateFulfilmentApiResponse,
      };
    }),

    // Seller session and screens
    route('GET', '/api/seller/is-auth', (_r, s) =>
      s.seller ? { body: { success: true } satisfies SuccessResponse } : { status: 401, body: sellerOnly },
    ),
    route('POST', '/api/seller/login', (r, s) => {
      const { email, password } = r.body as { email?: string; password?: string };
      if (email !== s.sellerCredentials.email || password !== s.sellerCredentials.password)
        return { status: 401, body: { success: false, message: MESSAGES.invalidCredentials } };
      if (s.sellerTwoFactor.enabled) {
        s.sellerAwaitingCode = true;
        return {
          body: {
            success: true,
            message: MESSAGES.twoFactorCodeNeeded,
            twoFactorRequired: true,
          } satisfies SellerLoginApiResponse,
        };
      }
      s.seller = true;
      return {
        body: {
          success: true,
          message: MESSAGES.sellerLoggedIn,
          twoFactorRequired: false,
        } satisfies SellerLoginApiResponse,
      };
    }),
    route('POST', '/api/seller/login/code', (r, s) => {
      const { code } = r.body as { code?: string };
      if (!s.sellerAwaitingCode)
        return { status: 401, body: { success: false, message: MESSAGES.twoFactorSignInExpired } };
      const recovery = s.sellerTwoFactor.recoveryCodes.indexOf(code ?? '');
      if (code !== s.sellerTwoFactor.code && recovery < 0)
        return { status: 401, body: { success: false, message: MESSAGES.twoFactorCodeWrong } };
      if (recovery >= 0) s.sellerTwoFactor.recoveryCodes.splice(recovery, 1);
      s.sellerAwaitingCode = false;
      s.seller = true;
      return {
        body: {
          success: true,
          message: MESSAGES.sellerLoggedIn,
          twoFactorRequired: false,
        } satisfies SellerLoginApiResponse,
      };
    }),
    route('GET', '/api/seller/two-factor', (_r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const { enabled, recoveryCodes } = s.sellerTwoFactor;
      return {
        body: {
          success: true,
          enabled,
          recoveryCodesLeft: enabled ? recoveryCodes.length : 0,
        } satisfies GetTwoFactorStatusApiResponse,
      };
    }),
    route('POST', '/api/seller/two-factor/setup', (_r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      if (s.sellerTwoFactor.enabled)
        return { status: 409, body: { success: false, message: MESSAGES.twoFactorAlreadyOn } };
      return {
        body: {
          success: true,
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Larder:seller%40larder.local?secret=JBSWY3DPEHPK3PXP&issuer=Larder',
          qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
        } satisfies StartTwoFactorSetupApiResponse,
      };
    }),
    route('POST', '/api/seller/two-factor/confirm', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      if ((r.body as { code?: string }).code !== s.sellerTwoFactor.code)
        return { status: 400, body: { success: false, message: MESSAGES.twoFactorCodeWrong } };
      const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
      s.sellerTwoFactor = { ...s.sellerTwoFactor, enabled: true, recoveryCodes: [...recoveryCodes] };
      return {
        body: {
          success: true,
          message: MESSAGES.twoFactorEnabled,
          recoveryCodes,
        } satisfies ConfirmTwoFactorSetupApiResponse,
      };
    }),
    route('POST', '/api/seller/two-factor/disable', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      if (!s.sellerTwoFactor.enabled)
        return { status: 409, body: { success: false, message: MESSAGES.twoFactorNotOn } };
      if ((r.body as { code?: string }).code !== s.sellerTwoFactor.code)
        return { status: 400, body: { success: false, message: MESSAGES.twoFactorCodeWrong } };
      s.sellerTwoFactor = { ...s.sellerTwoFactor, enabled: false, recoveryCodes: [] };
      return { body: { success: true, message: MESSAGES.twoFactorDisabled } satisfies SuccessResponse };
    }),
    route('GET', '/api/seller/logout', (_r, s) => {
      s.seller = false;
      return { body: { success: true, message: MESSAGES.loggedOut } satisfies SuccessResponse };
    }),
    route('POST', '/api/seller/logout', (_r, s) => {
      s.seller = false;
      return { body: { success: true, message: MESSAGES.loggedOut } satisfies SuccessResponse };
    }),
    route('GET', '/api/seller/summary', (_r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      return { body: { success: true, ...s.sellerSummary } satisfies GetSellerSummaryApiResponse };
    }),
    route('GET', '/api/contact', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const { items, ...page } = pageOf(s.contactMessages, r);
      return {
        body: { success: true, messages: items, ...page } satisfies ListContactMessagesApiResponse,
      };
    }),
    route('POST', '/api/contact', (r, s) => {
      const sent = r.body as Pick<ContactMessageView, 'name' | 'email' | 'phone' | 'message'>;
      s.contactMessages = [
        {
          _id: `m-${s.contactMessages.length + 1}`,
          ...sent,
          createdAt: new Date().toISOString(),
          emailedAt: null,
        },
        ...s.contactMessages,
      ];
      return { status: 201, body: { success: true, message: MESSAGES.contactSent } };
    }),
    route('POST', '/api/newsletter', (r, s) => {
      const email = String((r.body as { email?: unknown }).email);
      s.newsletterSubscribers = [{ email, createdAt: new Date().toISOString() }, ...s.newsletterSubscribers];
      return { status: 201, body: { success: true, message: MESSAGES.newsletterJoined } };
    }),
    route('GET', '/api/newsletter', (r, s) => {
      if (!s.seller) return { status: 401, body: sellerOnly };
      const { items, ...page } = pageOf(s.newsletterSubscribers, r);
      return {
        body: {
          success: true,
          subscribers: items,
          ...page,
        } satisfies ListNewsletterSubscribersApiResponse,
      };
    }),

    // Anything else under /api: what the server says about an unknown route.
    http.all(
      '*/api/*',
      recorded(() => ({ status: 404, body: notFound })),
    ),
  ];

  const server = setupServer(...handlers);

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
    /** Sets parts of the server's state. */
    seed(partial: Partial<MockApiState>) {
      Object.assign(state, partial);
      return mockApi;
    },
    /** Answers `method path` (a path or an MSW pattern such as /api/order/:id/status) this way from now on. */
    on(method: string, path: string, answer: Answer | AnswerFn) {
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
