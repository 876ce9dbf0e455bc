/**
 * Checks the API's answers against its contract (backend/openapi.json), as a validating proxy in front of the
 * shop would: every answer to an operation the contract lists must have a status the operation declares, a media
 * type it declares for that status, and a JSON body its schema accepts (openapi-response-validator, which reads
 * OpenAPI 3's `nullable`). Requests the contract does not list (pages, pictures, the docs) are not checked.
 *
 * `watchContract(server)` listens to every request of a Node HTTP server (the one supertest drives) and collects
 * the violations; the test harness turns it on (test/harness.ts).
 */
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';

export const CONTRACT_FILE = path.resolve(__dirname, '../openapi.json');

export interface ContractViolation {
  /** `GET /api/product/{id}`: the operation, as the contract names its path. */
  operation: string;
  status: number;
  problem: string;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments first: `/api/product/list` is matched before `/api/product/{id}`. */
  params: number;
  responses: OpenAPIV3.ResponsesObject;
  validators: Map<string, OpenAPIResponseValidator>;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/** The contract's operations, ready to match requests and check answers. */
export class Contract {
  private readonly operations: Operation[] = [];

  constructor(private readonly document: OpenAPIV3.Document) {
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
        const operation = item?.[method];
        if (!operation) continue;
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('');
        this.operations.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: operation.responses,
          validators: new Map(),
        });
      }
    }
    this.operations.sort((a, b) => a.params - b.params);
  }

  static load(file = CONTRACT_FILE): Contract {
    return new Contract(JSON.parse(fs.readFileSync(file, 'utf8')) as OpenAPIV3.Document);
  }

  private find(method: string, pathname: string): Operation | undefined {
    return this.operations.find((op) => op.method === method && op.pattern.test(pathname));
  }

  /** The response the operation declares for `status`: its own, else its class (`4XX`), else `default`. */
  private declared(op: Operation, status: number): [string, OpenAPIV3.ResponseObject] | undefined {
    for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
      const response = op.responses[key];
      if (response && !('$ref' in response)) return [key, response];
    }
    return undefined;
  }

  /**
   * The problems of one answer, or undefined when the contract does not list the request. `body` is the answer
   * as sent (already decompressed); undefined when the answer was not finished (an event stream).
   */
  check(
    method: string,
    url: string,
    status: number,
    contentType: string | undefined,
    body: Buffer | undefined,
  ): ContractViolation[] | undefined {
    const pathname = url.split('?')[0];
    const op = this.find(method, pathname);
    if (!op) return undefined;
    const operation = `${method} ${op.template}`;
    const problems: ContractViolation[] = [];
    const fail = (problem: string) => problems.push({ operation, status, problem });
    const declared = this.declared(op, status);
    if (!declared) {
      fail(`status ${status} is not declared`);
      return problems;
    }
    const [key, response] = declared;
    const content = response.content ?? {};
    const types = Object.keys(content);
    const sent = mediaType(contentType);
    const empty = body !== undefined && body.length === 0;
    if (types.length === 0) {
      if (body !== undefined && !empty) fail(`a body (${sent || 'no content-type'}) where none is declared`);
      return problems;
    }
    if (empty && status === 204) return problems;
    if (!types.includes(sent)) {
      fail(`content-type ${sent || 'none'}, declared ${types.join(', ')}`);
      return problems;
    }
    if (body === undefined || !JSON_TYPE.test(sent)) return problems;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      fail('the body is not JSON');
      return problems;
    }
    let validator = op.validators.get(key);
    if (!validator) {
      validator = new OpenAPIResponseValidator({
        responses: { [key]: { schema: (content[sent].schema ?? {}) as never } },
        components: this.document.components as never,
      });
      op.validators.set(key, validator);
    }
    const result = validator.validateResponse(key, parsed);
    for (const error of result?.errors ?? []) {
      fail(`${error.path ? `${error.path}: ` : ''}${error.message}`);
    }
    return problems;
  }
}

function decode(encoding: string | undefined, bytes: Buffer): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'br':
      return zlib.brotliDecompressSync(bytes);
    case 'gzip':
      return zlib.gunzipSync(bytes);
    case 'deflate':
      return zlib.inflateSync(bytes);
    default:
      return bytes;
  }
}

/**
 * Checks every answer `server` sends against the contract; `violations` fills as answers finish. Listens
 * before the application does, and reads what the application writes (after compression, which it undoes).
 */
export function watchContract(server: Server, contract: Contract = sharedContract()) {
  const violations: ContractViolation[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const chunks: Buffer[] = [];
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === 'string'
            ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
            : Buffer.from(chunk as Uint8Array),
      );
    };
    // Headers given to writeHead (as Fastify does) are not kept where getHeader finds them unless some header was
    // set before; keep them here.
    const written: Record<string, unknown> = {};
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
    response.writeHead = ((...args: unknown[]) => {
      const headers = args.find((arg) => arg && typeof arg === 'object');
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2)
          written[String(headers[i]).toLowerCase()] = headers[i + 1];
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) written[name.toLowerCase()] = value;
      }
      return writeHead(...args);
    }) as typeof response.writeHead;
    const header = (name: string) => {
      const value = response.getHeader(name) ?? written[name];
      return typeof value === 'string' ? value : undefined;
    };
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof response.write;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof response.end;
    let checked = false;
    const checkAnswer = (finished: boolean) => {
      if (checked || !response.headersSent) return;
      checked = true;
      const contentType = header('content-type');
      let body: Buffer | undefined;
      if (finished && method !== 'HEAD') {
        try {
          body = decode(header('content-encoding'), Buffer.concat(chunks));
        } catch {
          violations.push({
            operation: `${method} ${url}`,
            status: response.statusCode,
            problem: 'bad encoding',
          });
          return;
        }
      }
      const problems = contract.check(method, url, response.statusCode, contentType, body);
      if (problems) violations.push(...problems);
    };
    response.once('finish', () => checkAnswer(true));
    response.once('close', () => checkAnswer(false));
  };
  server.prependListener('request', onRequest);
  return {
    violations,
    stop: () => server.off('request', onRequest),
  };
}

let loaded: Contract | undefined;
function sharedContract(): Contract {
  return (loaded ??= Contract.load());
}

/** One line a violation, for a failure message. */
export function describeViolations(violations: readonly ContractViolation[]): string {
  const counts = new Map<string, number>();
  for (const v of violations) {
    const line = `${v.operation} ${v.status}: ${v.problem}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => (n > 1 ? `${line} (x${n})` : line)).join('\n');
}
