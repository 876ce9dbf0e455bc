/**
 * Just enough of the Fetch API for RTK Query's fetchBaseQuery under jsdom (which has none), so component
 * tests can see exactly what the screens send, FormData bodies included, and answer like the API would.
 */
export class FakeRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly signal?: AbortSignal;

  constructor(input: string | FakeRequest, init: RequestInit = {}) {
    const base = typeof input === 'string' ? undefined : input;
    this.url = typeof input === 'string' ? input : input.url;
    this.method = (init.method ?? base?.method ?? 'GET').toUpperCase();
    this.headers = new Headers((init.headers as HeadersInit | undefined) ?? base?.headers);
    this.body = init.body ?? base?.body;
    this.signal = init.signal ?? base?.signal;
  }

  clone(): FakeRequest {
    return new FakeRequest(this);
  }
}

export class FakeResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;

  constructor(
    private readonly text_: string,
    init: { status?: number } = {},
  ) {
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new Headers({ 'content-type': 'application/json' });
  }

  text(): Promise<string> {
    return Promise.resolve(this.text_);
  }

  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.text_));
  }

  clone(): FakeResponse {
    return new FakeResponse(this.text_, { status: this.status });
  }
}

export type FakeAnswer = { status?: number; body: unknown };

/** Installs the fakes and returns a fetch that records requests and answers with `answer(request)`. */
export function fakeApi(answer: (request: FakeRequest) => FakeAnswer) {
  Object.assign(globalThis, { Request: FakeRequest, Response: FakeResponse });
  const requests: FakeRequest[] = [];
  const fetchFn = jest.fn(async (request: FakeRequest) => {
    requests.push(request);
    const { status, body } = answer(request);
    return new FakeResponse(JSON.stringify(body), { status });
  });
  return { requests, fetchFn: fetchFn as unknown as typeof fetch };
}
