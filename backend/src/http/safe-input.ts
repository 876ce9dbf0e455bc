/**
 * The body parsers and the hook that refuse hostile input on every route, including routes added later
 * (the checks themselves are in ../common/input-safety.ts).
 */
import querystring from 'node:querystring';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { assertCleanInput, jsonDepthExceeds } from '../common/input-safety';

/**
 * Replaces the JSON (and form-urlencoded) body parsers: the depth cap runs on the raw text, then Fastify's own
 * safe parser (prototype poisoning refused). `req.rawBody` stays available for signed webhooks.
 * Call before `app.init()`.
 */
export function registerSafeBodyParsers(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit }, (req, body, done) => {
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body);
    if (jsonDepthExceeds(text)) {
      done(new InvalidError(MESSAGES.requestTooDeep), undefined);
      return;
    }
    // Fastify's own refusal names its content type; the shop's answer says what is wrong, with its code.
    defaultJsonParser(req as FastifyRequest, text, (err, parsed) =>
      err
        ? done(new InvalidError(MESSAGES.invalidJson, { code: ERROR_CODES.INVALID_JSON }), undefined)
        : done(null, parsed),
    );
  });
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit }, (_req, body, done) => {
    done(null, querystring.parse(Buffer.isBuffer(body) ? body.toString('utf8') : String(body)));
  });
}

/** A preValidation hook: body, query string and path parameters of every route are checked. */
export async function cleanInputHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  assertCleanInput(request.params);
  assertCleanInput(request.query);
  assertCleanInput(request.body);
}
