import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ERROR_CODES, MAX_CART_LINES, MESSAGES } from '@larder/shared-domain';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { products } from '../db/schema';
import { CartService } from './cart.service';

describe('POST /api/cart/update', () => {
  let t: TestApp;
  let cookie: string;
  let apples: string;
  let bread: string;
  let soldOut: string;
  let deleted: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInCustomer(t, { email: 'cart.owner@example.com' });
    apples = await createProduct(t, { name: 'Apples' });
    bread = await createProduct(t, { name: 'Bread', category: 'Bakery' });
    soldOut = await createProduct(t, { name: 'Saffron', listed: false });
    deleted = await createProduct(t, { name: 'Old stock', deletedAt: new Date() });
  });
  afterAll(() => t.close());

  const update = (body: unknown, as = cookie) =>
    request(t.server)
      .post('/api/cart/update')
      .set('Cookie', as)
      .send(body as object);
  const storedCart = async (as = cookie) =>
    (await request(t.server).get('/api/user/is-auth').set('Cookie', as).expect(200)).body.user.cartItems;

  it('replaces the cart and answers what is stored', async () => {
    let res = await update({ cartItems: { [apples]: 2, [bread]: 1 } }).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.cartUpdated,
      cartItems: { [apples]: 2, [bread]: 1 },
    });
    expect(await storedCart()).toEqual({ [apples]: 2, [bread]: 1 });

    res = await update({ cartItems: { [bread]: 20 } }).expect(200);
    expect(res.body.cartItems).toEqual({ [bread]: 20 });
    expect(await storedCart()).toEqual({ [bread]: 20 });
  });

  it('accepts product ids in upper case', async () => {
    const res = await update({ cartItems: { [apples.toUpperCase()]: 4 } }).expect(200);
    expect(res.body.cartItems).toEqual({ [apples]: 4 });
  });

  it('drops out-of-stock products', async () => {
    const res = await update({ cartItems: { [apples]: 1, [soldOut]: 3 } }).expect(200);
    expect(res.body.cartItems).toEqual({ [apples]: 1 });
    expect(await storedCart()).toEqual({ [apples]: 1 });
  });

  it('empties the cart with an empty map', async () => {
    await update({ cartItems: { [apples]: 1 } }).expect(200);
    const res = await update({ cartItems: {} }).expect(200);
    expect(res.body.cartItems).toEqual({});
    expect(await storedCart()).toEqual({});
  });

  describe('refuses bad carts with 400 and leaves the stored cart as it was', () => {
    beforeEach(async () => {
      await update({ cartItems: { [apples]: 2 } }).expect(200);
    });
    afterEach(async () => {
      expect(await storedCart()).toEqual({ [apples]: 2 });
    });

    const unknownId = '0f0e0d0c-0b0a-4908-8706-050403020100';
    it.each<[string, () => unknown, string]>([
      ['an unknown product id', () => ({ [bread]: 1, [unknownId]: 1 }), MESSAGES.productNotFound],
      ['an id that is not a uuid', () => ({ 'apples-please': 1 }), MESSAGES.productNotFound],
      ['a deleted product', () => ({ [bread]: 1, [deleted]: 1 }), MESSAGES.productNotFound],
      [
        'the same product twice in different cases',
        () => ({ [bread]: 1, [bread.toUpperCase()]: 2 }),
        MESSAGES.productNotFound,
      ],
      ['a zero quantity', () => ({ [bread]: 0 }), MESSAGES.badQuantity],
      ['a negative quantity', () => ({ [bread]: -1 }), MESSAGES.badQuantity],
      ['a fractional quantity', () => ({ [bread]: 1.5 }), MESSAGES.badQuantity],
      ['a quantity over 99', () => ({ [bread]: 100 }), MESSAGES.badQuantity],
      ['a quantity as text', () => ({ [bread]: '2' }), MESSAGES.badQuantity],
      ['a null quantity', () => ({ [bread]: null }), MESSAGES.badQuantity],
      ['a quantity that is an object', () => ({ [bread]: { n: 1 } }), MESSAGES.badQuantity],
      ['a good line beside a bad one', () => ({ [bread]: 3, [soldOut]: 0 }), MESSAGES.badQuantity],
    ])('%s', async (_label, cartItems, message) => {
      const res = await update({ cartItems: cartItems() }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message,
        code: ERROR_CODES.VALIDATION_FAILED,
        ...(res.body.field === undefined ? {} : { field: expect.any(String) }),
      });
    });

    it.each([
      ['no cartItems', {}],
      ['cartItems null', { cartItems: null }],
      ['cartItems as a list', { cartItems: [apples] }],
      ['cartItems as text', { cartItems: 'apples' }],
      ['an unknown field', { cartItems: {}, userId: 'someone' }],
    ])('%s', async (_label, body) => {
      const res = await update(body).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: expect.any(String),
        code: ERROR_CODES.VALIDATION_FAILED,
        field: expect.any(String),
      });
    });

    it(`more than ${MAX_CART_LINES} products`, async () => {
      const many: Record<string, number> = {};
      for (let i = 0; i <= MAX_CART_LINES; i++)
        many[`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`] = 1;
      const res = await update({ cartItems: many }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.cartTooManyLines,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'cartItems',
      });
    });
  });

  it('is for signed-in customers only', async () => {
    await request(t.server).post('/api/cart/update').send({ cartItems: {} }).expect(401);
    const seller = await signInSeller(t);
    const res = await update({ cartItems: { [apples]: 1 } }, seller).expect(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.notAuthorized,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
  });

  it("keeps one customer's cart apart from another's", async () => {
    const other = await signInCustomer(t, { email: 'cart.other@example.com' });
    await update({ cartItems: { [apples]: 5 } }).expect(200);
    await update({ cartItems: { [bread]: 7 } }, other).expect(200);
    expect(await storedCart()).toEqual({ [apples]: 5 });
    expect(await storedCart(other)).toEqual({ [bread]: 7 });
    await update({ cartItems: {} }, other).expect(200);
    expect(await storedCart()).toEqual({ [apples]: 5 });
  });

  it('leaves products deleted later out of the cart it answers', async () => {
    const fleeting = await createProduct(t, { name: 'Fleeting' });
    await update({ cartItems: { [apples]: 1, [fleeting]: 2 } }).expect(200);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, fleeting));
    expect(await storedCart()).toEqual({ [apples]: 1 });
  });

  it('offers getCartItems and clearCart to other modules', async () => {
    await update({ cartItems: { [apples]: 3 } }).expect(200);
    const userId = (await request(t.server).get('/api/user/is-auth').set('Cookie', cookie)).body.user._id;
    const cart = t.app.get(CartService);
    expect(await cart.getCartItems(userId)).toEqual({ [apples]: 3 });
    await t.db.transaction((tx) => cart.clearCart(userId, tx));
    expect(await cart.getCartItems(userId)).toEqual({});
  });
});
