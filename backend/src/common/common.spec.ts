import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { EmailField, IntField, MoneyField, NestedField, TextField } from './api-field';
import { ConflictError, PG_UNIQUE_VIOLATION } from './errors';
import { RateLimited } from './throttling';

class ProbeInnerDto {
  @TextField({ maxLength: 10 })
  city: string;
}

class ProbeDto {
  @TextField({ maxLength: 5 })
  name: string;

  @IntField({ min: 1, max: 99 })
  qty: number;

  @MoneyField()
  amount: number;

  @EmailField({ required: false })
  email?: string;

  @NestedField(() => ProbeInnerDto, { required: false })
  inner?: ProbeInnerDto;
}

@Controller('api/probe')
class ProbeController {
  @Post('echo')
  echo(@Body() body: ProbeDto) {
    return { success: true, body };
  }

  @Post('limited')
  @RateLimited()
  limited() {
    return { success: true };
  }

  @Get('boom')
  boom() {
    throw new Error('secret internal detail');
  }

  @Get('conflict')
  conflict() {
    throw new ConflictError('Prices have changed', { amount: 12.5 });
  }

  @Get('unique')
  unique() {
    throw Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: PG_UNIQUE_VIOLATION,
    });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const valid = { name: 'Jam', qty: 2, amount: 3.99 };

describe('global request handling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { allowedOrigins: ['http://localhost:4200'], throttleLimit: 2 },
      { imports: [ProbeModule] },
    );
  });
  afterAll(() => t.close());

  describe('validation pipe', () => {
    it('passes a valid body through, transformed', async () => {
      const res = await request(t.server)
        .post('/api/probe/echo')
        .send({ ...valid, email: ' Jane@Example.COM ' })
        .expect(201);
      expect(res.body.body).toEqual({ ...valid, email: 'jane@example.com' });
    });

    it.each([
      [{ ...valid, name: undefined }, 'name is required'],
      [{ ...valid, name: '   ' }, 'name is required'],
      [{ ...valid, name: 'Too long' }, 'name must be at most 5 characters'],
      [{ ...valid, qty: 0 }, 'qty must be at least 1'],
      [{ ...valid, qty: 1.5 }, 'qty must be a whole number'],
      [{ ...valid, qty: '2' }, 'qty must be a whole number'],
      [{ ...valid, amount: -1 }, 'amount must be at least 0'],
      [{ ...valid, amount: 1.999 }, 'amount must be a number with at most 2 decimals'],
      [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...valid, inner: { city: '' } }, 'city is required'],
      [{ ...valid, extra: 1 }, 'property extra should not exist'],
    ])('rejects %j with 400 and the first message', async (body, message) => {
      const res = await request(t.server).post('/api/probe/echo').send(body).expect(400);
      expect(res.body).toEqual({
        success: false,
        message,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: expect.any(String),
      });
    });

    it('answers malformed JSON with 400 in the same shape', async () => {
      const res = await request(t.server)
        .post('/api/probe/echo')
        .set('content-type', 'application/json')
        .send('{"name":')
        .expect(400);
      expect(res.body).toEqual({
        success: false,
        message: expect.any(String),
        code: ERROR_CODES.INVALID_JSON,
      });
    });
  });

  describe('error filter', () => {
    it('hides internals of unexpected errors', async () => {
      const res = await request(t.server).get('/api/probe/boom').expect(500);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.somethingWentWrong,
        code: ERROR_CODES.INTERNAL_ERROR,
      });
      expect(JSON.stringify(res.body)).not.toContain('secret');
    });

    it('merges the extra fields of a conflict', async () => {
      const res = await request(t.server).get('/api/probe/conflict').expect(409);
      expect(res.body).toEqual({
        success: false,
        message: 'Prices have changed',
        amount: 12.5,
        code: ERROR_CODES.CONFLICT,
      });
    });

    it('turns a unique violation into 409', async () => {
      const res = await request(t.server).get('/api/probe/unique').expect(409);
      expect(res.body.success).toBe(false);
    });

    it('answers unknown routes with 404 JSON', async () => {
      const res = await request(t.server).post('/api/no-such-thing').expect(404);
      expect(res.body).toEqual({ success: false, message: expect.any(String), code: ERROR_CODES.NOT_FOUND });
    });
  });

  describe('origin check', () => {
    const post = () => request(t.server).post('/api/probe/echo').send(valid);

    it('lets requests without an Origin through', async () => {
      await post().expect(201);
    });

    it('lets same-origin requests through (http or https, as the trusted proxy says)', async () => {
      await post()
        .set('Host', 'shop.example')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://shop.example')
        .expect(201);
      await post().set('Host', 'localhost:3000').set('Origin', 'http://localhost:3000').expect(201);
      await post()
        .set('Host', 'shop.example')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://shop.example')
        .set('Sec-Fetch-Site', 'same-origin')
        .expect(201);
    });

    it('compares the scheme too: an http page may not post to the https shop, nor the reverse', async () => {
      await post()
        .set('Host', 'shop.example')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'http://shop.example')
        .expect(403);
      await post().set('Host', 'shop.example').set('Origin', 'https://shop.example').expect(403);
    });

    it("honours the browser's Sec-Fetch-Site: another site is refused, with or without an Origin", async () => {
      const res = await post().set('Sec-Fetch-Site', 'cross-site').expect(403);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.forbiddenOrigin,
        code: ERROR_CODES.ORIGIN_NOT_ALLOWED,
      });
      await post()
        .set('Host', 'shop.example')
        .set('Origin', 'http://shop.example')
        .set('Sec-Fetch-Site', 'same-site')
        .expect(403);
      // An allowed origin (a development server) is another site, and allowed.
      await post().set('Origin', 'http://localhost:4200').set('Sec-Fetch-Site', 'same-site').expect(201);
      await post().set('Sec-Fetch-Site', 'none').expect(201);
    });

    it('lets allowed origins through', async () => {
      await post().set('Origin', 'http://localhost:4200').expect(201);
    });

    it('refuses a foreign origin with 403', async () => {
      const res = await post().set('Host', 'shop.example').set('Origin', 'https://evil.example').expect(403);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.forbiddenOrigin,
        code: ERROR_CODES.ORIGIN_NOT_ALLOWED,
      });
    });

    it('refuses a look-alike port or scheme', async () => {
      await post().set('Host', 'shop.example').set('Origin', 'https://shop.example:8443').expect(403);
      await post().set('Host', 'shop.example').set('Origin', 'null').expect(403);
    });

    it('does not apply to safe methods', async () => {
      await request(t.server).get('/api/health').set('Origin', 'https://evil.example').expect(200);
    });
  });

  describe('rate limiting', () => {
    it('answers 429 with a message once the limit is reached', async () => {
      const ip = '203.0.113.7';
      await request(t.server).post('/api/probe/limited').set('X-Forwarded-For', ip).expect(201);
      await request(t.server).post('/api/probe/limited').set('X-Forwarded-For', ip).expect(201);
      const res = await request(t.server).post('/api/probe/limited').set('X-Forwarded-For', ip).expect(429);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.tooManyRequests,
        code: ERROR_CODES.TOO_MANY_REQUESTS,
      });
      // Another client is counted on its own; routes without @RateLimited() are never limited.
      await request(t.server).post('/api/probe/limited').set('X-Forwarded-For', '203.0.113.8').expect(201);
      for (let i = 0; i < 4; i++) await request(t.server).post('/api/probe/echo').send(valid).expect(201);
    });
  });

  describe('security headers and docs', () => {
    it('sends nosniff, a CSP and no x-powered-by', async () => {
      const res = await request(t.server).get('/api/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('puts the same security headers on every answer: API, documentation and errors', async () => {
      const names = [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ];
      const pick = (headers: Record<string, unknown>) =>
        Object.fromEntries(names.map((n) => [n, headers[n]]));
      const api = pick((await request(t.server).get('/api/health')).headers);
      expect(api).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-site',
      });
      expect(api['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(pick((await request(t.server).get('/api/docs').redirects(1)).headers)).toEqual(api);
      expect(pick((await request(t.server).get('/api/nope')).headers)).toEqual(api);
    });

    it('serves Swagger UI and the OpenAPI document', async () => {
      const ui = await request(t.server).get('/api/docs').redirects(1).expect(200);
      expect(ui.text).toContain('swagger-ui');
      const doc = await request(t.server).get('/api/openapi.json').expect(200);
      expect(doc.body.paths['/api/health'].get.operationId).toBe('health');
    });
  });
});
