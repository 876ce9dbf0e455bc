import { asc, sql } from 'drizzle-orm';
import request from 'supertest';
import { signInCustomer } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { emailOutbox } from '../db/schema';
import { Clock } from '../common/clock';

const message = (recipient: string, sentDaysAgo: number | null, subject = recipient) => ({
  kind: 'order-placed',
  recipient,
  subject,
  textBody: `Dear customer at ${recipient}`,
  htmlBody: `<p>Dear customer at ${recipient}</p>`,
  sentAt: sentDaysAgo === null ? null : sql`now() - make_interval(days => ${sentDaysAgo})`,
});

describe('what the e-mail outbox keeps', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const subjects = async () =>
    (await t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.subject))).map((r) => r.subject);

  it("erases a customer's messages, sent or not, with the account", async () => {
    t = await createTestApp({ smtpUrl: undefined });
    const cookie = await signInCustomer(t, { email: 'leaving@example.com' });
    await t.db
      .insert(emailOutbox)
      .values([
        message('leaving@example.com', 3, 'a sent'),
        message('Leaving@Example.com', null, 'b unsent'),
        message('staying@example.com', 3, 'c another customer'),
      ]);
    await request(t.server).delete('/api/user/delete-account').set('Cookie', cookie).expect(200);
    expect(await subjects()).toEqual(['c another customer']);
  });

  it('deletes sent messages and those given up on after 30 days, keeping younger ones and those still tried', async () => {
    // A shop with SMTP_URL runs the outbox worker; nothing here is due, so nothing is sent.
    t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailPollIntervalMs: 20 });
    const clock = t.app.get(Clock);
    const start = Date.now();
    clock.now = () => new Date(start);
    await t.db.insert(emailOutbox).values([
      message('a@example.com', 31, 'old sent'),
      message('b@example.com', 29, 'recent sent'),
      // Given up on (attempts used up) 31 days ago: it goes too.
      {
        ...message('c@example.com', null, 'old given up'),
        attempts: 10,
        nextAttemptAt: sql`now() - interval '31 days'`,
        createdAt: sql`now() - interval '40 days'`,
      },
      // Given up on lately: kept for the operator's questions.
      {
        ...message('d@example.com', null, 'recent given up'),
        attempts: 10,
        nextAttemptAt: sql`now() - interval '5 days'`,
        createdAt: sql`now() - interval '40 days'`,
      },
      // Still being tried, however old: kept.
      {
        ...message('e@example.com', null, 'old still tried'),
        attempts: 3,
        nextAttemptAt: sql`now() + interval '1 hour'`,
        createdAt: sql`now() - interval '40 days'`,
      },
    ]);
    // The worker looks once an hour.
    clock.now = () => new Date(start + 61 * 60_000);
    await waitFor(async () => !(await subjects()).includes('old sent'), 'the purge', 30_000);
    expect(await subjects()).toEqual(['old still tried', 'recent given up', 'recent sent']);
  });
});
