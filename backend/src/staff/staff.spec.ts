import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { MESSAGES, STAFF_MESSAGES } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { signInSeller, signInStaff, signInStaffWith } from '../../test/auth-helpers';
import { activityLog, sessions, staff } from '../db/schema';

const FIRST_PASSWORD = 'a-first-password-for-sam';
const NO_PERMISSION = { success: false, message: MESSAGES.noPermission };

/** The activity entries, newest first, as the database holds them. */
async function entries(t: TestApp) {
  return t.db
    .select({
      actorId: activityLog.actorId,
      actorName: activityLog.actorName,
      actorRole: activityLog.actorRole,
      action: activityLog.action,
      kind: activityLog.kind,
      subjectId: activityLog.subjectId,
      summary: activityLog.summary,
    })
    .from(activityLog)
    .orderBy(desc(activityLog.id));
}

describe('staff accounts', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInSeller(t);
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({
    get: (url: string) => request(t.server).get(url).set('Cookie', cookie),
    post: (url: string, body: object) => request(t.server).post(url).set('Cookie', cookie).send(body),
    put: (url: string, body: object) => request(t.server).put(url).set('Cookie', cookie).send(body),
    delete: (url: string) => request(t.server).delete(url).set('Cookie', cookie),
  });

  it('lists the owner first, kept in step with the configured e-mail', async () => {
    const res = await as(owner).get('/api/seller/staff').expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.staff[0]).toMatchObject({
      email: t.config.sellerEmail,
      role: 'owner',
      active: true,
      twoFactor: false,
      mustChangePassword: false,
    });
  });

  it('adds a member with a first password they must replace before anything else', async () => {
    const added = await as(owner)
      .post('/api/seller/staff', {
        email: ' Sam@Larder.Test ',
        name: 'Sam Picker',
        role: 'picker',
        password: FIRST_PASSWORD,
      })
      .expect(201);
    expect(added.body).toEqual({
      success: true,
      message: STAFF_MESSAGES.staffAdded,
      staff: {
        _id: expect.any(String),
        email: 'sam@larder.test',
        name: 'Sam Picker',
        role: 'picker',
        active: true,
        twoFactor: false,
        twoFactorRequired: false,
        mustChangePassword: true,
        createdAt: expect.any(String),
      },
    });
    const [entry] = await entries(t);
    expect(entry).toMatchObject({
      action: 'staff.added',
      kind: 'staff',
      subjectId: added.body.staff._id,
      actorRole: 'owner',
    });
    const [stored] = await t.db
      .select({ hash: staff.passwordHash })
      .from(staff)
      .where(eq(staff.email, 'sam@larder.test'));
    expect(stored.hash).toMatch(/^\$argon2/);

    const { cookie, body } = await signInStaffWith(t, 'sam@larder.test', FIRST_PASSWORD);
    expect(body).toMatchObject({ success: true, twoFactorRequired: false, mustChangePassword: true });
    const who = await as(cookie).get('/api/seller/is-auth').expect(200);
    expect(who.body.staff).toEqual({
      _id: added.body.staff._id,
      name: 'Sam Picker',
      email: 'sam@larder.test',
      role: 'picker',
      mustChangePassword: true,
      mustEnrolTwoFactor: false,
    });
    const refused = await as(cookie).get('/api/seller/picking').expect(403);
    expect(refused.body).toMatchObject({ success: false, message: STAFF_MESSAGES.mustChangePassword });

    const wrong = await as(cookie)
      .post('/api/seller/password', {
        currentPassword: 'not-the-password',
        newPassword: 'a-brand-new-password',
      })
      .expect(400);
    expect(wrong.body.message).toBe(STAFF_MESSAGES.currentPasswordWrong);
    const short = await as(cookie)
      .post('/api/seller/password', { currentPassword: FIRST_PASSWORD, newPassword: 'short' })
      .expect(400);
    expect(short.body.message).toBe(STAFF_MESSAGES.passwordTooShort);
    const common = await as(cookie)
      .post('/api/seller/password', { currentPassword: FIRST_PASSWORD, newPassword: 'aaaaaaaaaaaaaaaa' })
      .expect(400);
    expect(common.body.message).toBe(STAFF_MESSAGES.passwordGuessable);
    await as(cookie).get('/api/seller/picking').expect(403);

    await as(cookie)
      .post('/api/seller/password', { currentPassword: FIRST_PASSWORD, newPassword: 'crates-before-dawn-42' })
      .expect(200);
    await as(cookie).get('/api/seller/picking').expect(200);
    // A picker may not run the shop.
    expect((await as(cookie).get('/api/seller/staff').expect(403)).body).toMatchObject(NO_PERMISSION);
    expect((await as(cookie).get('/api/seller/activity').expect(403)).body).toMatchObject(NO_PERMISSION);
    const [changed] = await entries(t);
    expect(changed).toMatchObject({ action: 'staff.password', actorName: 'Sam Picker', actorRole: 'picker' });
    // The first password no longer works; the new one does.
    await request(t.server)
      .post('/api/seller/login')
      .send({ email: 'sam@larder.test', password: FIRST_PASSWORD })
      .expect(401);
    await signInStaffWith(t, 'sam@larder.test', 'crates-before-dawn-42');
  });

  it('refuses an e-mail already used by a member or the owner (409), a weak first password and a bad role (400)', async () => {
    const before = (await entries(t)).length;
    const body = { name: 'Dup', role: 'driver', password: 'a-good-long-password' };
    const taken = await as(owner)
      .post('/api/seller/staff', { ...body, email: 'sam@larder.test' })
      .expect(409);
    expect(taken.body).toMatchObject({ success: false, message: STAFF_MESSAGES.emailTaken });
    await as(owner)
      .post('/api/seller/staff', { ...body, email: t.config.sellerEmail.toUpperCase() })
      .expect(409);
    const weak = await as(owner)
      .post('/api/seller/staff', { ...body, email: 'x@larder.test', password: 'password' })
      .expect(400);
    expect(weak.body.message).toBe(STAFF_MESSAGES.passwordTooShort);
    await as(owner)
      .post('/api/seller/staff', { ...body, email: 'y@larder.test', role: 'owner' })
      .expect(400);
    expect((await entries(t)).length).toBe(before);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(staff);
    expect(n).toBe(2);
  });

  it('only the owner manages staff', async () => {
    const manager = await signInStaff(t, 'manager', { ownerCookie: owner });
    const before = await as(owner).get('/api/seller/staff').expect(200);
    const m = as(manager.cookie);
    const add = await m.post('/api/seller/staff', {
      email: 'z@larder.test',
      name: 'Z',
      role: 'picker',
      password: 'a-good-long-password',
    });
    expect(add.status).toBe(403);
    expect(add.body).toMatchObject(NO_PERMISSION);
    await m.put(`/api/seller/staff/${manager.id}`, { role: 'picker' }).expect(403);
    await m.delete(`/api/seller/staff/${manager.id}`).expect(403);
    await m.get('/api/seller/staff').expect(403);
    expect((await as(owner).get('/api/seller/staff').expect(200)).body).toEqual(before.body);
    // A manager may read the activity log.
    await m.get('/api/seller/activity').expect(200);
  });

  it('a manager the owner requires to use two-factor sign-in may only enrol until it is on', async () => {
    const manager = await signInStaff(t, 'manager', { ownerCookie: owner });
    await as(manager.cookie).get('/api/seller/activity').expect(200);
    const res = await as(owner)
      .put(`/api/seller/staff/${manager.id}`, { twoFactorRequired: true })
      .expect(200);
    expect(res.body.staff.twoFactorRequired).toBe(true);
    const refused = await as(manager.cookie).get('/api/seller/activity').expect(403);
    expect(refused.body.message).toBe(STAFF_MESSAGES.twoFactorRequiredForManagers);
    const who = await as(manager.cookie).get('/api/seller/is-auth').expect(200);
    expect(who.body.staff.mustEnrolTwoFactor).toBe(true);
    expect((await as(manager.cookie).get('/api/seller/two-factor').expect(200)).body.enabled).toBe(false);
    await as(manager.cookie).post('/api/seller/two-factor/setup', {}).expect(200);
    // Not for the owner, nor for other roles.
    await as(owner)
      .put(`/api/seller/staff/${(await as(owner).get('/api/seller/staff')).body.staff[0]._id}`, {
        twoFactorRequired: true,
      })
      .expect(400);
    await as(owner).put(`/api/seller/staff/${manager.id}`, { twoFactorRequired: false }).expect(200);
    await as(manager.cookie).get('/api/seller/activity').expect(200);
  });

  it("a change of role takes effect on the member's next request", async () => {
    const member = await signInStaff(t, 'picker', { ownerCookie: owner });
    await as(member.cookie).get('/api/seller/picking').expect(200);
    await as(member.cookie).get('/api/seller/run-sheet?date=2026-11-24&time=10:00%20-%2011:00').expect(403);
    const res = await as(owner).put(`/api/seller/staff/${member.id}`, { role: 'driver' }).expect(200);
    expect(res.body.staff.role).toBe('driver');
    await as(member.cookie).get('/api/seller/picking').expect(403);
    expect((await as(member.cookie).get('/api/seller/is-auth').expect(200)).body.staff.role).toBe('driver');
    const [entry] = await entries(t);
    expect(entry).toMatchObject({
      action: 'staff.updated',
      subjectId: member.id,
      summary: expect.stringContaining('role picker → driver'),
    });
  });

  it('deactivating a member ends their sessions at once and stops their sign-in; reactivating lets them back', async () => {
    const member = await signInStaff(t, 'driver', { ownerCookie: owner });
    const other = await signInStaffWith(t, member.email, member.password);
    await as(owner).put(`/api/seller/staff/${member.id}`, { active: false }).expect(200);
    const res = await as(member.cookie).get('/api/seller/is-auth').expect(401);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.sellerOnly });
    await as(other.cookie).get('/api/seller/is-auth').expect(401);
    const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.staffId, member.id));
    expect(rows).toEqual([]);
    await request(t.server)
      .post('/api/seller/login')
      .send({ email: member.email, password: member.password })
      .expect(401);
    const [failed, deactivated] = await entries(t);
    expect(failed).toMatchObject({ action: 'sign-in.failed', actorId: member.id, kind: 'sign-in' });
    expect(deactivated).toMatchObject({ action: 'staff.deactivated', actorRole: 'owner' });
    await as(owner).put(`/api/seller/staff/${member.id}`, { active: true }).expect(200);
    await signInStaffWith(t, member.email, member.password);
  });

  it('removing a member ends their sessions; the owner can be neither removed nor deactivated', async () => {
    const member = await signInStaff(t, 'picker', { ownerCookie: owner });
    await as(owner).delete(`/api/seller/staff/${member.id}`).expect(200);
    await as(member.cookie).get('/api/seller/is-auth').expect(401);
    await as(owner).delete(`/api/seller/staff/${member.id}`).expect(404);
    await as(owner).put(`/api/seller/staff/${member.id}`, { name: 'Gone' }).expect(404);
    const list = await as(owner).get('/api/seller/staff').expect(200);
    const ownerId = list.body.staff[0]._id as string;
    expect((await as(owner).delete(`/api/seller/staff/${ownerId}`).expect(400)).body.message).toBe(
      STAFF_MESSAGES.ownerUnchangeable,
    );
    await as(owner).put(`/api/seller/staff/${ownerId}`, { active: false }).expect(400);
    await as(owner).put(`/api/seller/staff/${ownerId}`, { role: 'manager' }).expect(400);
    // The owner's password is the configured one.
    await as(owner)
      .post('/api/seller/password', {
        currentPassword: t.config.sellerPassword,
        newPassword: 'another-long-password',
      })
      .expect(400);
    await as(owner).get('/api/seller/is-auth').expect(200);
    // The entries of the removed member stay, under the name they had.
    const mine = await t.db.select().from(activityLog).where(eq(activityLog.actorId, member.id));
    expect(mine.length).toBeGreaterThan(0);
  });

  it('deactivating a member closes their open order-events stream at once', async () => {
    const member = await signInStaff(t, 'picker', { ownerCookie: owner });
    if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    const port = (t.server.address() as AddressInfo).port;
    const opened = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/order/events?as=seller',
          headers: { cookie: member.cookie },
          agent: false,
        },
        resolve,
      );
      req.on('error', reject);
    });
    expect(opened.statusCode).toBe(200);
    const ended = new Promise<void>((resolve) => {
      opened.on('close', resolve);
      opened.on('end', resolve);
      opened.resume();
    });
    await as(owner).put(`/api/seller/staff/${member.id}`, { active: false }).expect(200);
    await ended;
  });
});

describe('the activity log', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInSeller(t);
  });
  afterAll(() => t.close());

  it('records sign-ins and failed sign-ins without copying what was typed', async () => {
    await request(t.server)
      .post('/api/seller/login')
      .send({ email: 'nobody@larder.test', password: 'guess-guess-guess' })
      .expect(401);
    const [failed, signedIn] = await entries(t);
    expect(failed).toMatchObject({
      actorId: null,
      actorName: 'Unknown',
      action: 'sign-in.failed',
      kind: 'sign-in',
    });
    expect(failed.summary).not.toContain('nobody@larder.test');
    expect(signedIn).toMatchObject({ actorRole: 'owner', action: 'sign-in', kind: 'sign-in' });
  });

  it('answers the entries newest first, by person, kind and London day, to the owner and managers', async () => {
    const picker = await signInStaff(t, 'picker', { ownerCookie: owner, name: 'Pia Picker' });
    const all = await request(t.server).get('/api/seller/activity').set('Cookie', owner).expect(200);
    expect(all.body).toMatchObject({ success: true, page: 1, totalPages: 1 });
    const first = all.body.entries[0];
    expect(first).toEqual({
      at: expect.any(String),
      actor: { _id: picker.id, name: 'Pia Picker', role: 'picker' },
      action: 'staff.password',
      kind: 'staff',
      id: picker.id,
      summary: 'Changed their password',
    });
    const ats = (all.body.entries as { at: string }[]).map((e) => Date.parse(e.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    expect(all.body.people.map((p: { name: string }) => p.name)).toContain('Pia Picker');

    const byPicker = await request(t.server)
      .get(`/api/seller/activity?actor=${picker.id}`)
      .set('Cookie', owner)
      .expect(200);
    expect(byPicker.body.entries.length).toBeGreaterThan(0);
    expect(byPicker.body.entries.every((e: { actor: { _id: string } }) => e.actor._id === picker.id)).toBe(
      true,
    );
    const signIns = await request(t.server)
      .get('/api/seller/activity?kind=sign-in&limit=1')
      .set('Cookie', owner)
      .expect(200);
    expect(signIns.body.entries).toHaveLength(1);
    expect(signIns.body.entries[0].kind).toBe('sign-in');
    expect(signIns.body.totalPages).toBeGreaterThan(1);

    // Days are London days: an entry at 23:30 UTC on 30 June is on 1 July in London (BST).
    await t.db.insert(activityLog).values({
      at: new Date('2026-06-30T23:30:00Z'),
      actorName: 'Old hand',
      action: 'settings.shipping',
      kind: 'settings',
      summary: 'shipping charge £3.00 → £3.50',
    });
    const july = await request(t.server)
      .get('/api/seller/activity?from=2026-07-01&to=2026-07-01')
      .set('Cookie', owner)
      .expect(200);
    expect(july.body.entries.map((e: { summary: string }) => e.summary)).toEqual([
      'shipping charge £3.00 → £3.50',
    ]);
    const june = await request(t.server)
      .get('/api/seller/activity?from=2026-06-30&to=2026-06-30')
      .set('Cookie', owner)
      .expect(200);
    expect(june.body.entries).toEqual([]);

    for (const bad of ['kind=prices', 'from=2026-13-01', 'actor=someone', 'limit=0'])
      await request(t.server).get(`/api/seller/activity?${bad}`).set('Cookie', owner).expect(400);
  });

  it('cannot be changed or removed: the database refuses an UPDATE, DELETE or TRUNCATE, saying so', async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(activityLog);
    const refused = {
      cause: expect.objectContaining({ message: 'activity_log entries cannot be changed or removed' }),
    };
    await expect(t.db.update(activityLog).set({ summary: 'nothing happened' })).rejects.toMatchObject(
      refused,
    );
    await expect(t.db.delete(activityLog)).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`truncate activity_log`)).rejects.toMatchObject(refused);
    const [{ n: after }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(activityLog);
    expect(after).toBe(n);
  });

  it('keeps entries two years: older ones are purged by the mail job', async () => {
    await t.db.insert(activityLog).values([
      {
        at: sql`now() - interval '2 years 1 day'`,
        actorName: 'Long gone',
        action: 'sign-in',
        kind: 'sign-in',
        summary: 'Signed in',
      },
      {
        at: sql`now() - interval '2 years' + interval '1 day'`,
        actorName: 'Still kept',
        action: 'sign-in',
        kind: 'sign-in',
        summary: 'Signed in',
      },
    ]);
    const { OutboxRepository } = await import('../mail/outbox.repository');
    expect(await t.app.get(OutboxRepository).purgeOldActivity()).toBe(1);
    const names = (await t.db.select({ name: activityLog.actorName }).from(activityLog)).map((r) => r.name);
    expect(names).toContain('Still kept');
    expect(names).not.toContain('Long gone');
  });
});
