import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { cookieFrom, signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { CUSTOMER_COOKIE } from '../session/session-cookies';
import { addresses, cartItems, users } from '../db/schema';
import { UsersService } from './users.service';
import { ADDRESS } from '../../test/fixtures';

describe('customer profile and account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const as = (cookie: string | undefined) => ({
    get: (path: string) =>
      cookie ? request(t.server).get(path).set('Cookie', cookie) : request(t.server).get(path),
    put: (path: string, body: unknown) => {
      const req = request(t.server).put(path);
      return (cookie ? req.set('Cookie', cookie) : req).send(body as object);
    },
    delete: (path: string) =>
      cookie ? request(t.server).delete(path).set('Cookie', cookie) : request(t.server).delete(path),
  });
  const userIdOf = async (cookie: string): Promise<string> =>
    (await as(cookie).get('/api/user/profile').expect(200)).body.user._id;

  describe('who may call', () => {
    it.each([
      ['GET', '/api/user/profile', undefined],
      ['PUT', '/api/user/update-phone', { phone: '07700 900123' }],
      ['PUT', '/api/user/add-address', { address: ADDRESS }],
      ['DELETE', '/api/user/delete-account', undefined],
    ])('%s %s answers 401 to visitors and to the seller', async (method, path, body) => {
      const seller = await signInSeller(t);
      for (const cookie of [undefined, seller]) {
        const client = as(cookie);
        const res =
          method === 'GET'
            ? await client.get(path)
            : method === 'PUT'
              ? await client.put(path, body)
              : await client.delete(path);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.notAuthorized,
          code: ERROR_CODES.NOT_SIGNED_IN,
        });
      }
    });
  });

  describe('GET /api/user/profile', () => {
    it("answers the signed-in customer's own account", async () => {
      const cookie = await signInCustomer(t, {
        email: 'profile.owner@example.com',
        firstName: 'Pat',
        lastName: 'Owner',
        phone: '020 7946 0000',
      });
      const res = await as(cookie).get('/api/user/profile').expect(200);
      expect(res.body).toEqual({
        success: true,
        user: {
          _id: expect.any(String),
          firstName: 'Pat',
          lastName: 'Owner',
          email: 'profile.owner@example.com',
          phone: '020 7946 0000',
          cartItems: {},
          addresses: [],
          defaultAddress: null,
        },
      });
    });
  });

  describe('PUT /api/user/update-phone', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await signInCustomer(t, { email: 'phone.changer@example.com', phone: '07700 900001' });
    });

    it.each(['07700 900123', '+44 7700 900123', '0044 7700 900123', '(0117) 496 0000', '  01632   960000  '])(
      'stores the UK number %j (tidied)',
      async (phone) => {
        const res = await as(cookie).put('/api/user/update-phone', { phone }).expect(200);
        const tidy = phone.trim().replace(/\s+/g, ' ');
        expect(res.body).toEqual({ success: true, message: MESSAGES.phoneUpdated, phone: tidy });
        expect((await as(cookie).get('/api/user/profile')).body.user.phone).toBe(tidy);
      },
    );

    it.each([
      ['junk'],
      ['12345'],
      ['+1 415 555 0100'],
      ['07700 900123 ext 4'],
      [''],
      ['   '],
      [7700900123],
      [null],
    ])('refuses %j with 400 and keeps the old number', async (phone) => {
      await as(cookie).put('/api/user/update-phone', { phone: '07700 900999' }).expect(200);
      const res = await as(cookie).put('/api/user/update-phone', { phone }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.invalidPhone,
        code: ERROR_CODES.VALIDATION_FAILED,
        ...(res.body.field === undefined ? {} : { field: expect.any(String) }),
      });
      expect((await as(cookie).get('/api/user/profile')).body.user.phone).toBe('07700 900999');
    });

    it('refuses a missing phone and unknown fields', async () => {
      expect((await as(cookie).put('/api/user/update-phone', {}).expect(400)).body.message).toBe(
        MESSAGES.invalidPhone,
      );
      await as(cookie)
        .put('/api/user/update-phone', { phone: '07700 900123', email: 'x@example.com' })
        .expect(400);
    });
  });

  describe('PUT /api/user/add-address', () => {
    it('adds the first address as the default, normalising the postcode', async () => {
      const cookie = await signInCustomer(t, { email: 'first.address@example.com' });
      const res = await as(cookie)
        .put('/api/user/add-address', {
          address: { ...ADDRESS, street: '  12 Harbour Way ', postalCode: 'bs14dj' },
        })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        message: MESSAGES.addressAdded,
        newAddress: { _id: expect.any(String), ...ADDRESS },
      });
      const profile = (await as(cookie).get('/api/user/profile')).body.user;
      expect(profile.addresses).toEqual([res.body.newAddress]);
      expect(profile.defaultAddress).toBe(res.body.newAddress._id);
      const [row] = await t.db.select().from(users).where(eq(users.email, 'first.address@example.com'));
      expect(row.defaultAddressId).toBe(res.body.newAddress._id);
    });

    it('keeps the first address as the default when more are added, listing them in order', async () => {
      const cookie = await signInCustomer(t, { email: 'many.addresses@example.com' });
      const first = (await as(cookie).put('/api/user/add-address', { address: ADDRESS }).expect(200)).body
        .newAddress;
      const second = (
        await as(cookie)
          .put('/api/user/add-address', {
            address: {
              street: '1 Queen Street',
              city: 'Cardiff',
              state: 'South Glamorgan',
              postalCode: 'CF10 2BU',
              country: 'United Kingdom',
            },
          })
          .expect(200)
      ).body.newAddress;
      const profile = (await as(cookie).get('/api/user/profile')).body.user;
      expect(profile.addresses.map((a: { _id: string }) => a._id)).toEqual([first._id, second._id]);
      expect(profile.defaultAddress).toBe(first._id);
    });

    const refusals: Array<[string, unknown, string]> = [
      ['no address', {}, MESSAGES.fillAllFields],
      ['a null address', { address: null }, MESSAGES.fillAllFields],
      ['an address that is text', { address: 'Bristol' }, MESSAGES.fillAllFields],
      ['an empty address', { address: {} }, MESSAGES.fillAllFields],
      ...(['street', 'city', 'state', 'postalCode', 'country'] as const).flatMap(
        (field): Array<[string, unknown, string]> => [
          [`a missing ${field}`, { address: { ...ADDRESS, [field]: undefined } }, MESSAGES.fillAllFields],
          [`a blank ${field}`, { address: { ...ADDRESS, [field]: '   ' } }, MESSAGES.fillAllFields],
          [`a ${field} that is a number`, { address: { ...ADDRESS, [field]: 42 } }, MESSAGES.fillAllFields],
        ],
      ),
      ['a city outside the delivery area', { address: { ...ADDRESS, city: 'London' } }, MESSAGES.invalidCity],
      ['a city in the wrong case', { address: { ...ADDRESS, city: 'bristol' } }, MESSAGES.invalidCity],
      ['another country', { address: { ...ADDRESS, country: 'France' } }, MESSAGES.invalidCountry],
      [
        'a postcode that is not a UK one',
        { address: { ...ADDRESS, postalCode: '75001' } },
        MESSAGES.invalidPostcode,
      ],
      [
        'a postcode with junk',
        { address: { ...ADDRESS, postalCode: 'BS1 4DJ X' } },
        MESSAGES.invalidPostcode,
      ],
    ];
    it.each(refusals)(
      'refuses %s with 400 and the right message, storing nothing',
      async (_label, body, message) => {
        const cookie = await signInCustomer(t, { email: 'address.refusals@example.com' });
        const res = await as(cookie).put('/api/user/add-address', body).expect(400);
        expect(res.body).toEqual({
          success: false,
          message,
          code: ERROR_CODES.VALIDATION_FAILED,
          ...(res.body.field === undefined ? {} : { field: expect.any(String) }),
        });
        expect((await as(cookie).get('/api/user/profile')).body.user.addresses).toEqual([]);
      },
    );

    it.each([
      ['a field that is not text', { address: { ...ADDRESS, street: 12 } }],
      ['an over-long field', { address: { ...ADDRESS, street: 'x'.repeat(121) } }],
      ['an unknown field in the address', { address: { ...ADDRESS, _id: 'mine' } }],
      ['an unknown field beside it', { address: ADDRESS, userId: 'someone-else' }],
    ])('refuses %s with 400', async (_label, body) => {
      const cookie = await signInCustomer(t, { email: 'address.refusals@example.com' });
      const res = await as(cookie).put('/api/user/add-address', body).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: expect.any(String),
        code: ERROR_CODES.VALIDATION_FAILED,
        field: expect.any(String),
      });
      expect((await as(cookie).get('/api/user/profile')).body.user.addresses).toEqual([]);
    });
  });

  describe('one customer and another', () => {
    it('sees only their own addresses, cart and phone', async () => {
      const alice = await signInCustomer(t, { email: 'alice@example.com', phone: '07700 900010' });
      const bob = await signInCustomer(t, { email: 'bob@example.com', phone: '07700 900020' });
      const product = await createProduct(t);
      const aliceAddress = (await as(alice).put('/api/user/add-address', { address: ADDRESS }).expect(200))
        .body.newAddress;
      await request(t.server)
        .post('/api/cart/update')
        .set('Cookie', alice)
        .send({ cartItems: { [product]: 3 } })
        .expect(200);

      const bobView = (await as(bob).get('/api/user/profile').expect(200)).body.user;
      expect(bobView).toMatchObject({
        email: 'bob@example.com',
        phone: '07700 900020',
        addresses: [],
        cartItems: {},
        defaultAddress: null,
      });
      const aliceView = (await as(alice).get('/api/user/is-auth').expect(200)).body.user;
      expect(aliceView).toMatchObject({
        email: 'alice@example.com',
        addresses: [aliceAddress],
        cartItems: { [product]: 3 },
      });

      const service = t.app.get(UsersService);
      expect(await service.findAddressForUser(bobView._id, aliceAddress._id)).toBeUndefined();
      expect(await service.findAddressForUser(aliceView._id, aliceAddress._id)).toEqual({
        id: aliceAddress._id,
        street: ADDRESS.street,
        city: ADDRESS.city,
        state: ADDRESS.state,
        postalCode: ADDRESS.postalCode,
        country: ADDRESS.country,
      });
      expect(await service.findAddressForUser(aliceView._id, 'not-a-uuid')).toBeUndefined();
      expect(await service.getCustomerContact(aliceView._id)).toEqual({
        name: 'Test Customer',
        email: 'alice@example.com',
        phone: '07700 900010',
      });
      expect(await service.getCustomerContact('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    });
  });

  describe('DELETE /api/user/delete-account', () => {
    it('removes the account with its addresses and cart, clears the cookie, and the old cookie stops working', async () => {
      const email = 'leaving@example.com';
      const cookie = await signInCustomer(t, { email });
      const userId = await userIdOf(cookie);
      const product = await createProduct(t);
      await as(cookie).put('/api/user/add-address', { address: ADDRESS }).expect(200);
      await request(t.server)
        .post('/api/cart/update')
        .set('Cookie', cookie)
        .send({ cartItems: { [product]: 2 } })
        .expect(200);
      const hookCalls: string[] = [];
      t.app.get(UsersService).onAccountDeletion(async (tx, id) => {
        if (id !== userId) return;
        const [stillThere] = await tx.select().from(users).where(eq(users.id, id));
        hookCalls.push(stillThere ? 'ran before the user was deleted' : 'ran too late');
      });

      const res = await as(cookie).delete('/api/user/delete-account').expect(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.accountDeleted });
      const cleared = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith(`${CUSTOMER_COOKIE}=`),
      );
      expect(cleared).toMatch(new RegExp(`^${CUSTOMER_COOKIE}=;`));
      expect(hookCalls).toEqual(['ran before the user was deleted']);

      expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
      expect(await t.db.select().from(addresses).where(eq(addresses.userId, userId))).toEqual([]);
      expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);

      await as(cookie).get('/api/user/is-auth').expect(401);
      await as(cookie).get('/api/user/profile').expect(401);
      await request(t.server)
        .post('/api/cart/update')
        .set('Cookie', cookie)
        .send({ cartItems: {} })
        .expect(401);
      await as(cookie).delete('/api/user/delete-account').expect(401);

      const check = await request(t.server).post('/api/user/check-email').send({ email }).expect(200);
      expect(check.body.exists).toBe(false);
      const again = await signInCustomer(t, { email });
      expect(await userIdOf(again)).not.toBe(userId);
    });

    it('keeps the account when a deletion hook fails (one transaction)', async () => {
      const cookie = await signInCustomer(t, { email: 'staying@example.com' });
      const userId = await userIdOf(cookie);
      await as(cookie).put('/api/user/add-address', { address: ADDRESS }).expect(200);
      t.app.get(UsersService).onAccountDeletion(async (tx, id) => {
        if (id !== userId) return;
        await tx.delete(addresses).where(eq(addresses.userId, id));
        throw new Error('orders could not be updated');
      });
      const res = await as(cookie).delete('/api/user/delete-account').expect(500);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.somethingWentWrong,
        code: ERROR_CODES.INTERNAL_ERROR,
      });
      expect(cookieFrom(res, CUSTOMER_COOKIE)).toBeUndefined();
      const profile = (await as(cookie).get('/api/user/profile').expect(200)).body.user;
      expect(profile.addresses).toHaveLength(1);
    });
  });
});
