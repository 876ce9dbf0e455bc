/**
 * Times every answer by route pattern (`/api/product/:id`, never the raw URL, so the label set stays small) and
 * status, and reads the checkouts' answers for orders placed and refused. Measured at the HTTP layer, so the
 * checkout code itself carries no metrics.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics, Payment } from './metrics';

const CHECKOUT_ROUTES: Record<string, Payment> = {
  '/api/order/cod': 'cod',
  '/api/order/stripe': 'card',
};

/** Patterns of requests answered without a Fastify route of their own (see `nameRoute`). */
const namedRoutes = new WeakMap<FastifyRequest, string>();

/**
 * Names the route pattern a request is timed under when no route of its own took it: a shop page, whose
 * pattern comes from the storefront's route table (`/products/:category`), answered by the page fallback or
 * from memory.
 */
export function nameRoute(request: FastifyRequest, pattern: string): void {
  namedRoutes.set(request, pattern);
}

export function registerHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  const messages = new WeakMap<FastifyRequest, string | undefined>();
  const checkoutOf = (request: FastifyRequest): Payment | undefined =>
    request.method === 'POST' ? CHECKOUT_ROUTES[request.routeOptions.url ?? ''] : undefined;

  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && checkoutOf(request)) messages.set(request, messageOf(payload));
    return payload;
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const seconds = reply.elapsedTime / 1000;
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: namedRoutes.get(request) ?? request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      seconds,
    );
    const payment = checkoutOf(request);
    if (payment) metrics.checkoutAnswered(payment, reply.statusCode, messages.get(request), seconds);
  });
}

/** The `message` of an error answer `{ success: false, message }`, if the payload is one. */
function messageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 10_000) return undefined;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}
