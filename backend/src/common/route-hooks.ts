import type { RouteOptions } from 'fastify';

/** One preHandler hook, as a route's options hold them. */
type PreHandler = Extract<NonNullable<RouteOptions['preHandler']>, readonly unknown[]>[number];

/**
 * Adds a preHandler hook to a route as it is being registered (call it from an `onRoute` hook), after the route's
 * own: it runs once the body is parsed, just before the route's handler.
 */
export function appendPreHandler(route: RouteOptions, handler: PreHandler): void {
  const own = route.preHandler;
  route.preHandler = [...(own ? [own].flat() : []), handler];
}
