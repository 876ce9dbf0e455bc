/**
 * Placing a cash-on-delivery order, the shop's hottest write, answered outside Nest's route pipeline.
 *
 * `POST /api/order/cod` stays a Nest route (OrdersController.placeCodOrder: its decorators are the OpenAPI
 * contract, and it answers whatever this path leaves to it). This path is a hook of that one Fastify route, run
 * after the body is parsed and cleaned (./safe-input.ts) and before Nest's handler. For a body the validation
 * pipe's own fast check accepts, it runs the route's guards themselves (the customer's session, then the
 * per-customer rate limit, with the same execution context Nest would give them), places the order through
 * CheckoutService and answers as the controller does, errors included (./http-exception.filter.ts `sendError`).
 * What it skips is the work around a Nest handler that this call does not need: the guard and pipe consumers,
 * the interceptor chain, parameter decorators, the exception zone. Any other body goes on to Nest, whose
 * validation names what is wrong; nothing has been counted or written by then.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { ForbiddenException, Logger } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { appendPreHandler } from '../common/route-hooks';
import { fastPlaceOrder } from '../orders/dto/place-order.dto';
import { CheckoutService } from '../orders/checkout.service';
import { OrdersController } from '../orders/orders.controller';
import { CustomerAuthGuard, type RequestWithCustomer } from '../session/session.guards';
import { sendError } from './http-exception.filter';

/** The route this path answers, as OrdersController declares it. */
const PLACE_COD_ORDER_ROUTE = { method: 'POST', url: '/api/order/cod' } as const;

/** A Nest guard, as the route's guards are run here. */
interface Guard {
  canActivate(context: ExecutionContextHost): boolean | Promise<boolean>;
}

/**
 * Adds the path to the route when Nest registers it; call before `app.init()`. The services and guards are
 * looked up on the first request (they are instantiated by then).
 */
export function registerCheckoutFastPath(fastify: FastifyInstance, app: INestApplicationContext): void {
  const logger = new Logger('Exceptions');
  let parts: { guards: Guard[]; checkout: CheckoutService } | undefined;
  const resolve = () =>
    (parts ??= {
      // In the order Nest runs them: @CustomerAuth() first, then @CustomerRateLimited('order').
      guards: [app.get(CustomerAuthGuard, { strict: false }), app.get(ThrottlerGuard, { strict: false })],
      checkout: app.get(CheckoutService, { strict: false }),
    });

  // Resolving with the reply (a thenable that settles once the answer is written) keeps Fastify from going on to
  // Nest's handler; resolving with nothing hands the request to it.
  async function placeCodOrderFirst(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | void> {
    const body = fastPlaceOrder(request.body);
    if (body === undefined) return;
    const { guards, checkout } = resolve();
    try {
      // The context Nest gives the route's guards: the HTTP arguments, the controller and its handler (the
      // rate limit reads which limit applies, and keys its counter, from these).
      const context = new ExecutionContextHost(
        [request, reply, undefined],
        OrdersController,
        OrdersController.prototype.placeCodOrder,
      );
      context.setType('http');
      for (const guard of guards) {
        if (!(await guard.canActivate(context))) throw new ForbiddenException();
      }
      const { userId } = (request as RequestWithCustomer).customer!;
      const key = request.headers['idempotency-key'];
      const orderId = await checkout.placeCodOrder(userId, body, typeof key === 'string' ? key : undefined);
      void reply.code(201).send({ success: true, message: MESSAGES.orderPlaced, orderId });
    } catch (err) {
      sendError(err, request, reply, logger);
    }
    return reply;
  }

  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== PLACE_COD_ORDER_ROUTE.url || route.method !== PLACE_COD_ORDER_ROUTE.method) return;
    appendPreHandler(route, placeCodOrderFirst);
  });
}
