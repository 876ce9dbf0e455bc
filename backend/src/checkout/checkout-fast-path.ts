/**
 * Placing a cash-on-delivery order, the shop's hottest write, answered outside Nest's route pipeline.
 *
 * `POST /api/order/cod` stays a Nest route (CheckoutController.placeCodOrder: its decorators are the OpenAPI
 * contract, and they declare its guards); `@CheckoutFastPath()` on it marks its Fastify route. This path is a hook
 * of that one route, run after the body is parsed and cleaned (../http/safe-input.ts) and before Nest's handler,
 * and it answers every request of the route as Nest would: it runs the guards the route declares (read from the
 * handler's own metadata, in Nest's order, with the execution context Nest would give them), checks the body with
 * the JSON schema compiled from the DTO's contract (../common/body-schema.ts; a body the schema does not take goes
 * through the DTO's decorators, which accept it or refuse it with their own 400), and places the order through
 * the same CheckoutService.placeCod as the controller, errors answered as Nest would
 * (../http/http-exception.filter.ts `sendError`). What it skips is the work around a Nest handler that this call
 * does not need: the guard and pipe consumers, the interceptor chain, parameter decorators, the exception zone.
 */
import type { CanActivate, INestApplicationContext, Type } from '@nestjs/common';
import { ForbiddenException, Logger, ValidationPipe } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { RouteConfig } from '@nestjs/platform-fastify';
import { appendPreHandler } from '../common/route-hooks';
import { VALIDATION_OPTIONS } from '../common/validation';
import { sendError } from '../http/http-exception.filter';
import type { RequestWithCustomer } from '../session/session.guards';
import { CheckoutService } from './checkout.service';
import { fastPlaceOrder, PlaceOrderDto } from './dto/place-order.dto';

/** The key of the route's Fastify config that names the handler this path answers for. */
const FAST_PATH_CONFIG = 'checkoutFastPath';

/** The controller and handler of the marked route: the guards' execution context. */
interface MarkedRoute {
  controller: Type<unknown>;
  handler: (...args: never[]) => unknown;
}

/** Marks the route this path answers (the controller's placeCodOrder). */
export function CheckoutFastPath(): MethodDecorator {
  return (target, key, descriptor) => {
    const marked: MarkedRoute = {
      controller: target.constructor as Type<unknown>,
      handler: descriptor.value as MarkedRoute['handler'],
    };
    RouteConfig({ [FAST_PATH_CONFIG]: marked })(target, key, descriptor);
  };
}

/**
 * The guards Nest runs for a route, in its order: the controller's, then the handler's (each list in the order
 * its decorators were applied, bottom-up). The shop declares no global guard.
 */
export function routeGuards({ controller, handler }: MarkedRoute): Type<CanActivate>[] {
  const declared = (target: object) =>
    (Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as Type<CanActivate>[];
  return [...declared(controller), ...declared(handler)];
}

/**
 * Adds the path to the route when Nest registers it; call before `app.init()`. The services and guards are
 * looked up on the first request (they are instantiated by then).
 */
export function registerCheckoutFastPath(fastify: FastifyInstance, app: INestApplicationContext): void {
  const logger = new Logger('Exceptions');
  // Compiles the body's schema now (about 50 ms) rather than on the first order.
  fastPlaceOrder(undefined);
  // The decorators, for the bodies the schema leaves to them (the global pipe without its own fast check).
  const decorators = new ValidationPipe(VALIDATION_OPTIONS);

  function answerFirst(route: MarkedRoute) {
    let parts: { guards: CanActivate[]; checkout: CheckoutService } | undefined;
    const resolve = () =>
      (parts ??= {
        guards: routeGuards(route).map((guard) => app.get(guard, { strict: false })),
        checkout: app.get(CheckoutService, { strict: false }),
      });

    // Resolving with the reply (a thenable that settles once the answer is written) keeps Fastify from going on
    // to Nest's handler.
    return async function placeCodOrderFirst(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> {
      const { guards, checkout } = resolve();
      try {
        // The context Nest gives the route's guards: the HTTP arguments, the controller and its handler (the
        // rate limit reads which limit applies, and keys its counter, from these).
        const context = new ExecutionContextHost(
          [request, reply, undefined],
          route.controller,
          route.handler,
        );
        context.setType('http');
        for (const guard of guards) {
          if (!(await guard.canActivate(context))) throw new ForbiddenException();
        }
        const body =
          fastPlaceOrder(request.body) ??
          ((await decorators.transform(request.body, {
            type: 'body',
            metatype: PlaceOrderDto,
          })) as PlaceOrderDto);
        const { userId } = (request as RequestWithCustomer).customer!;
        const key = request.headers['idempotency-key'];
        const answer = await checkout.placeCod(userId, body, typeof key === 'string' ? key : undefined);
        void reply.code(201).send(answer);
      } catch (err) {
        sendError(err, request, reply, logger);
      }
      return reply;
    };
  }

  fastify.addHook('onRoute', (route: RouteOptions) => {
    const marked = (route.config as Record<string, unknown> | undefined)?.[FAST_PATH_CONFIG];
    if (marked) appendPreHandler(route, answerFirst(marked as MarkedRoute));
  });
}
