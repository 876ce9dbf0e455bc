import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Responder = (request: RecordedRequest) => { status?: number; body: unknown } | undefined;

/** A tiny HTTP server standing in for the Larder API at the network boundary of the tests. */
export interface TestApiServer {
  url: string;
  requests: RecordedRequest[];
  respond(method: string, path: string, answer: { status?: number; body: unknown } | Responder): void;
  close(): Promise<void>;
}

export async function startTestApiServer(): Promise<TestApiServer> {
  const routes = new Map<string, Responder>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = routes.get(`${recorded.method} ${recorded.url}`)?.(recorded) ?? {
        status: 404,
        body: { success: false, message: 'Not found' },
      };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(method, path, answer) {
      routes.set(`${method} ${path}`, typeof answer === 'function' ? answer : () => answer);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Retries an assertion until it passes (or fails after two seconds), however slow the machine is. */
export async function eventually(assertion: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
