/**
 * Answers to a signed-in customer or the seller are personal: no shared or browser cache may keep them.
 * Applied to every API route (including ones added later) whose request carries a session cookie, unless
 * the route chose its own Cache-Control (the public product list revalidates with its ETag).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { carriesSession } from '../session/session-cookies';

/** An onSend hook: `Cache-Control: no-store` on API answers to a signed-in request. */
export async function personalResponsesHook(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const url = request.url;
  const isApi = url.startsWith('/api/') || url === '/api';
  if (isApi && !reply.hasHeader('cache-control') && carriesSession(request)) {
    void reply.header('cache-control', 'no-store');
  }
  return payload;
}
