import { Controller, Get, Headers, Inject, Query, Req, Res } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiForbiddenResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { SessionService } from '../session/session.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../common/errors';
import { CUSTOMER_AUTH, SELLER_AUTH } from '../common/openapi-docs';
import { ErrorResponse } from '../common/responses';
import { OrderEventData, OrderEventsQuery } from './dto/order-events.dto';
import {
  OrderEventsHub,
  ORDER_EVENTS_REPLAY_SECONDS,
  ORDER_STREAMS_PER_ADDRESS,
  ORDER_STREAMS_PER_SESSION,
} from './order-events.hub';
import { OrderEventStream } from './order-events.stream';

/** A Last-Event-ID as sent back by EventSource: the id of an event this API sent, else nothing to replay. */
function parseLastEventId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

@ApiTags('order')
@Controller('api/order')
export class OrderEventsController {
  constructor(
    private readonly hub: OrderEventsHub,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('events')
  @ApiCookieAuth(CUSTOMER_AUTH)
  @ApiCookieAuth(SELLER_AUTH)
  @ApiOperation({
    summary: 'Live order status (Server-Sent Events)',
    description:
      'A `text/event-stream` that stays open. Each change of an order (placed, its status, total, delivery date ' +
      'or fulfilment stage) arrives as `event: order` with an `id` and the order as it is now in `data`: to a ' +
      'customer for their own orders, to the seller for every order. A comment line is sent every 25 s. A client ' +
      `reconnecting with \`Last-Event-ID\` first gets the orders changed since then (up to ${ORDER_EVENTS_REPLAY_SECONDS / 60} ` +
      'minutes back), each once, and again those changed in the moments before it (a change may commit after a ' +
      'newer one was sent); none of them carries an id below the one sent back. The stream ends when the session ends (at once on sign-out and account deletion; ' +
      `at the next heartbeat for new seller credentials). A session keeps at most ${ORDER_STREAMS_PER_SESSION} ` +
      'streams open (one more ends its oldest), and one client address at most ' +
      `${ORDER_STREAMS_PER_ADDRESS} on each replica (429 beyond).`,
  })
  @ApiHeader({
    name: 'last-event-id',
    required: false,
    description: 'The id of the last event received (EventSource sends it when reconnecting)',
  })
  @ApiExtraModels(OrderEventData)
  @ApiOkResponse({
    description: '`event: order` lines whose data is an OrderEventData',
    content: {
      'text/event-stream': {
        // The stream is text; what it describes is the JSON `data` of each `order` event.
        schema: {
          description: 'The `data` of each `event: order` (one JSON object per line of data)',
          allOf: [{ $ref: getSchemaPath(OrderEventData) }],
        },
      },
    },
  })
  @ApiUnauthorizedResponse({
    description: 'Not signed in as a customer or as the seller',
    type: ErrorResponse,
  })
  @ApiForbiddenResponse({
    description: 'A member of staff who must first choose a new password or turn on two-factor sign-in',
    type: ErrorResponse,
  })
  @ApiTooManyRequestsResponse({
    description: 'This address already holds as many open streams as it may',
    type: ErrorResponse,
  })
  async streamOrderEvents(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query() query: OrderEventsQuery,
    @Headers('last-event-id') lastEventIdHeader?: string,
  ): Promise<void> {
    let userId: string | undefined;
    let seller = false;
    if (query.as !== 'seller') userId = await this.sessions.customerOf(request);
    if (!userId && query.as !== 'customer') {
      // The seller routes' gate: a member who must first choose a password or turn on two-factor gets 403.
      const staff = await this.sessions.staffAdmission(request);
      if (staff?.refusal) throw new ForbiddenError(staff.refusal);
      seller = staff !== undefined;
    }
    if (!userId && !seller) throw new UnauthorizedError(MESSAGES.notAuthorized);
    const lastEventId = parseLastEventId(lastEventIdHeader);
    const sessionId = await this.sessions.sessionIdOf(request, userId ? 'customer' : 'seller');
    // Nothing is awaited from this check until the hub counts the stream, so no burst slips past it.
    if (this.hub.openFrom(request.ip) >= ORDER_STREAMS_PER_ADDRESS)
      throw new TooManyRequestsError(MESSAGES.tooManyRequests);

    // From here on the response is written by hand: no compression, ETag or other onSend hook touches it, and
    // the headers set so far (security headers, CORS) are carried over.
    reply.hijack();
    const raw = reply.raw;
    const carried = Object.fromEntries(
      Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      ),
    );
    raw.writeHead(200, {
      ...carried,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Tells nginx (and similar proxies) not to hold events back in a buffer.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();

    let stopWatching = () => {};
    const stream = new OrderEventStream(raw, {
      userId,
      sessionId,
      address: request.ip,
      heartbeatMs: this.config.orderEventsHeartbeatMs,
      stillSignedIn: async () =>
        userId
          ? (await this.sessions.customerOf(request, false)) === userId
          : (await this.sessions.staffAdmission(request, {}, false))?.member !== undefined,
      onEnd: () => stopWatching(),
    });
    // Watch before replaying, so that nothing committed in between is missed (an order may come twice: each
    // event carries the order's current state, so a repeat changes nothing).
    stopWatching = this.hub.watch(stream);
    if (!stream.isOpen) stopWatching();
    // A reconnect gets what it missed since its last event; a page that asks for the recent changes (its orders
    // read a moment before, e.g. rendered on the server) gets those of the replay window.
    const replayAfter = lastEventId ?? (query.replay === 'recent' ? 0 : undefined);
    if (replayAfter !== undefined) {
      const missed = await this.hub.replay(replayAfter, userId);
      for (const event of missed) stream.send(event.eventId, event.view);
    }
  }
}
