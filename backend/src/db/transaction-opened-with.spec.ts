import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Client, type PoolClient } from 'pg';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS } from '../../test/fixtures';
import { waitFor } from '../../test/wait-for';
import { Clock } from '../common/clock';
import { MailService } from '../mail/mail.service';
import { transactionOpenedWith } from './transaction-opened-with';

/** What a transaction opened with its first statement does, on either engine, as `db.transaction` would. */
describe('transactionOpenedWith', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`create table tx_probe (id int primary key, note text)`);
    await t.db.execute(sql`insert into tx_probe values (1, 'first')`);
  });
  afterAll(() => t.close());

  const notes = async () => {
    const result = (await t.db.execute(sql`select note from tx_probe order by id`)) as unknown as {
      rows: { note: string }[];
    };
    return result.rows.map((r) => r.note);
  };

  it('gives the first statement its rows and commits what the work wrote', async () => {
    const answer = await transactionOpenedWith<string, { id: number; note: string }>(
      t.db,
      'select id, note from tx_probe where id = 1 for update',
      async (tx, rows) => {
        expect(rows).toEqual([{ id: 1, note: 'first' }]);
        await tx.execute(sql`insert into tx_probe values (2, 'committed')`);
        return 'done';
      },
    );
    expect(answer).toBe('done');
    expect(await notes()).toEqual(['first', 'committed']);
  });

  it('rolls back everything when the work throws, and the database is usable afterwards', async () => {
    await expect(
      transactionOpenedWith(t.db, 'update tx_probe set note = $$changed$$ where id = 1', async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3, 'rolled back')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notes()).toEqual(['first', 'committed']);
  });

  it('rolls back when a statement of the work fails, and the next transaction starts clean', async () => {
    await expect(
      transactionOpenedWith(t.db, 'select 1', async (tx) => {
        await tx.execute(sql`insert into tx_probe values (4, 'lost')`);
        await tx.execute(sql`insert into tx_probe values (1, 'duplicate key')`);
      }),
    ).rejects.toThrow();
    // Ten more, more than the pool holds connections: none was left inside a failed transaction.
    for (let i = 0; i < 10; i += 1) {
      await transactionOpenedWith(t.db, 'select 1', (tx) =>
        tx.execute(sql`update tx_probe set note = note where id = 1`),
      );
    }
    expect(await notes()).toEqual(['first', 'committed']);
  });

  it('holds the lock its first statement took until the transaction ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = transactionOpenedWith(t.db, 'select id from tx_probe where id = 1 for update', async () => {
      order.push('first locked');
      locked();
      await held;
      order.push('first ends');
    });
    await firstLocked;
    const second = transactionOpenedWith(
      t.db,
      'select id from tx_probe where id = 1 for update',
      async () => {
        order.push('second locked');
      },
    );
    // The event itself: on a server, the second transaction is seen waiting for the row's lock; PGlite runs one
    // transaction at a time, so there the second waits for the first by construction.
    if (t.engine === 'postgres')
      await waitFor(async () => {
        const waiting = (await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%tx_probe%for update%'`,
        )) as unknown as { rows: { n: number }[] };
        return waiting.rows[0].n > 0;
      }, 'the second transaction waiting for the lock');
    expect(order).toEqual(['first locked']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first ends', 'second locked']);
  });
});

// A PostgreSQL server that ends the shop's connections (a restart, a failover): the work in progress on an ended
// connection fails, and the process goes on with new connections. Only a server ends connections.
const serverUrl = process.env.DATABASE_URL;

if (serverUrl) {
  describe('a database connection the server ends', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    /** Ends the server session `pid`, as a restart does (from a connection of its own). */
    async function terminate(pid: number): Promise<void> {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
    }

    it('between two statements of a transaction fails that transaction only; the shop answers on', async () => {
      const failure = await t.db
        .transaction(async (tx) => {
          // The pool's client this transaction holds (drizzle keeps it on the transaction's session).
          const client = (tx as unknown as { session: { client: PoolClient } }).session.client;
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          const ended = new Promise((resolve) => client.once('end', resolve));
          await terminate(rows[0].pid);
          // The server's goodbye reaches the client while no statement of it is running.
          await ended;
          await tx.execute(sql`select 1`);
          return undefined;
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(failure).toBeInstanceOf(Error);

      const result = (await t.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
        rows: { answer: number }[];
      };
      expect(result.rows).toEqual([{ answer: 42 }]);
      await request(t.server).get('/api/health').expect(200);
    });
    it('a read of the order events on a connection the server ends is read again: the stream still gets the change', async () => {
      // Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th.
      t.app.get(Clock).now = () => new Date('2026-11-23T10:00:00Z');
      const seller = await signInSeller(t);
      const customer = await signInCustomerWithAddress(t, { email: 'ended@example.com' }, ADDRESS);
      const pears = await createProduct(t, {
        name: 'Conference pears',
        price: 5000,
        offerPrice: 5000,
        vatBasisPoints: 0,
      });
      const placed = await request(t.server)
        .post('/api/order/cod')
        .set('Cookie', customer.cookie)
        .send({
          items: [{ product: pears, quantity: 1, vat: 0 }],
          address: customer.addressId,
          paymentType: 'COD',
          amount: 50,
          shippingCharge: 0,
          totalVat: 0,
          deliverySlot: { date: '2026-11-24', time: DELIVERY_SLOTS[0] },
        })
        .expect(201);
      const orderId = placed.body.orderId as string;

      // The seller watches the orders.
      if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
      const seen: { id: string; status: string }[] = [];
      const stream = http.get({
        host: '127.0.0.1',
        port: (t.server.address() as AddressInfo).port,
        path: '/api/order/events',
        headers: { cookie: seller },
        agent: false,
      });
      stream.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          for (const line of chunk.split('\n'))
            if (line.startsWith('data: '))
              seen.push(JSON.parse(line.slice(6)) as { id: string; status: string });
        });
      });
      try {
        // The change is written with its event (A); a lock on the events (B) is queued behind it, so that when A
        // commits and notifies, B holds the events and the shop's read of them waits: that read's connection is
        // then ended, as a restart ends it.
        const a = new Client({ connectionString: t.config.databaseUrl });
        const b = new Client({ connectionString: t.config.databaseUrl });
        // Watches pg_stat_activity outside any transaction (a transaction would see one snapshot of it).
        const watch = new Client({ connectionString: t.config.databaseUrl });
        await Promise.all([a.connect(), b.connect(), watch.connect()]);
        try {
          await a.query('begin');
          await a.query(`update orders set status = 'Cancelled' where id = $1`, [orderId]);
          await b.query('begin');
          const locked = b.query('lock table order_events in access exclusive mode');
          const waitingOn = async (query: string, not: number[]) =>
            (
              await watch.query<{ pid: number }>(
                `select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike $1 and not (pid = any($2))`,
                [query, not],
              )
            ).rows.map((r) => r.pid);
          const [aPid, bPid] = [
            (a as unknown as { processID: number }).processID,
            (b as unknown as { processID: number }).processID,
          ];
          await waitFor(
            async () => (await waitingOn('lock table order_events%', [])).includes(bPid),
            'the lock queued',
          );
          await a.query('commit');
          await locked;
          let reads: number[] = [];
          await waitFor(async () => {
            reads = await waitingOn('%order_events%', [aPid, bPid]);
            return reads.length > 0;
          }, 'the shop reading the events');
          for (const pid of reads) await terminate(pid);
          await b.query('rollback');
        } finally {
          await Promise.all([a.end(), b.end(), watch.end()]);
        }
        await waitFor(
          () => seen.some((o) => o.id === orderId && o.status === 'Cancelled'),
          'the cancelled order on the stream',
          15_000,
        );
      } finally {
        stream.destroy();
      }
    });
    it('a sent e-mail whose record the server ended is recorded once the database answers, and sent once', async () => {
      let locker: Client | undefined;
      let received = 0;
      // The mail server takes the message; before it says so, the outbox is locked, so that the shop's record of
      // the sending waits, and its connection is then ended as a restart ends it.
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(data, _session, accepted) {
          data.resume();
          data.on('end', () => {
            received += 1;
            locker = new Client({ connectionString: mailer.config.databaseUrl });
            locker
              .connect()
              .then(() => locker?.query('begin'))
              .then(() => locker?.query('lock table email_outbox in access exclusive mode'))
              .then(() => accepted(), accepted);
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const port = (smtp.server.address() as AddressInfo).port;
      const mailer = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailPollIntervalMs: 50 });
      const watch = new Client({ connectionString: mailer.config.databaseUrl });
      await watch.connect();
      try {
        await mailer.app.get(MailService).enqueue(
          {
            kind: 'test',
            recipient: 'ann@example.com',
            subject: 'Hello',
            textBody: 'Hi',
            htmlBody: '<p>Hi</p>',
          },
          mailer.db,
        );
        let recording: number[] = [];
        await waitFor(async () => {
          recording = (
            await watch.query<{ pid: number }>(
              `select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%email_outbox%'`,
            )
          ).rows.map((r) => r.pid);
          return recording.length > 0;
        }, 'the shop recording the sent message');
        for (const pid of recording) await terminate(pid);
        await locker?.query('rollback');
        await waitFor(
          async () =>
            (await watch.query(`select 1 from email_outbox where sent_at is not null`)).rows.length === 1,
          'the message recorded as sent',
          10_000,
        );
        expect(received).toBe(1);
      } finally {
        await locker?.end();
        await watch.end();
        await mailer.close();
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }
    });
  });
}
