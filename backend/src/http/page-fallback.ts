/**
 * The answer to a request that no route took. Any GET or HEAD outside `/api` (and the file folders) gets the
 * shop's page, whatever its Accept header says: a browser, `curl` (which accepts anything), a crawler or an
 * uptime monitor asking for `/seller/orders` or `/account` gets the host page, which routes on the client, and
 * a shop page the storefront's route table marks as rendered on the server comes rendered
 * (../web/frontends.ts). Everything else gets Nest's answer: a NotFoundException, which the exception filter
 * sends as the JSON 404.
 *
 * Fastify allows one not-found handler, and Nest installs its own while it initialises; this adapter wraps
 * that one instead of competing with it.
 */
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageFallback } from '../web/frontends';

type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export class ShopFastifyAdapter extends FastifyAdapter {
  private answerPage: PageFallback = async () => false;

  /** What a page request that no route took is answered with (set once the built frontends are known). */
  usePageFallback(fallback: PageFallback): void {
    this.answerPage = fallback;
  }

  override setNotFoundHandler(nestHandler: NotFoundHandler) {
    return super.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const page = request.method === 'GET' || request.method === 'HEAD';
      if (!(page && (await this.answerPage(request, reply)))) await nestHandler(request, reply);
      return reply;
    });
  }
}
