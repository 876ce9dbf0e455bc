import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The webhook signing secret the tests configure and sign their events with. */
export const WEBHOOK_SECRET = 'whsec_larder_test_secret';

/**
 * A stand-in for Stripe's HTTP API: answers Checkout Session create, retrieve and expire like Stripe does (expiring
 * a session that is no longer open is refused with Stripe's 400), and records calls.
 */
export class FakeStripeApi {
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly created: URLSearchParams[] = [];
  readonly headers: http.IncomingHttpHeaders[] = [];
  /** Ids of the sessions an expire call was received for, in order. */
  readonly expired: string[] = [];
  /** Runs before a create-session call is answered (a test changes the shop meanwhile). */
  onCreate?: () => Promise<void>;
  /** When set, expire calls are answered with this Stripe error status. */
  failExpireWith?: number;
  /** When set, every connection is dropped unanswered, as when Stripe cannot be reached. */
  unreachable = false;
  private server = http.createServer((req, res) => this.handle(req, res));
  private counter = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The customer pays on Stripe's page: the session completes (Stripe then sends checkout.session.completed). */
  completeSession(id: string): void {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No checkout session ${id}`);
    this.sessions.set(id, { ...session, status: 'complete', payment_status: 'paid', url: null });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.unreachable) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== 'Bearer sk_test_larder') {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        this.created.push(form);
        this.headers.push(req.headers);
        this.counter += 1;
        const id = `cs_test_${this.counter}`;
        const session = {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          currency: form.get('currency'),
          client_reference_id: form.get('client_reference_id'),
          metadata: { orderId: form.get('metadata[orderId]') },
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        this.sessions.set(id, session);
        const hook = this.onCreate;
        this.onCreate = undefined;
        if (hook) void hook().then(() => send(200, session));
        else send(200, session);
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url);
      if (req.method === 'POST' && expire && this.sessions.has(expire[1])) {
        this.expired.push(expire[1]);
        if (this.failExpireWith) {
          send(this.failExpireWith, {
            error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' },
          });
          return;
        }
        const current = this.sessions.get(expire[1]) as { status: string };
        if (current.status !== 'open') {
          send(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${current.status}\`.`,
            },
          });
          return;
        }
        const session = { ...current, status: 'expired', url: null };
        this.sessions.set(expire[1], session);
        send(200, session);
        return;
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url);
      if (req.method === 'GET' && retrieve && this.sessions.has(retrieve[1])) {
        send(200, this.sessions.get(retrieve[1]));
        return;
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url})` },
      });
    });
  }
}

/** Signs webhook payloads as Stripe does (no call to Stripe is made). */
export const stripeSigner = new Stripe('sk_test_unused');

export function signedEvent(
  type: string,
  object: Record<string, unknown>,
): { payload: string; signature: string } {
  // Pretty-printed like Stripe's own deliveries: the signature covers these exact bytes.
  const payload = JSON.stringify(
    { id: `evt_${Date.now()}`, object: 'event', type, data: { object } },
    null,
    2,
  );
  return {
    payload,
    signature: stripeSigner.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}
