import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

/** A request the fake server saw: method, path, query and parsed JSON body. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * The one fake server of the web tests (msw, intercepting fetch), started for every test file by
 * tests/support/web-setup.ts; each test adds its handlers with `fakeServer`, removed after it.
 * A request no handler answers gets a 404 with a message naming it, so a test sees it at once.
 */
export const mockServer = setupServer(
  http.all('*', ({ request }) => HttpResponse.json({ code: 'not_found', message: `No fake for ${request.method} ${new URL(request.url).pathname}` }, { status: 404 })),
);

const calls: Call[] = [];
const recorded = new Set<string>();

/** Falls through to the handlers after it; a request is recorded once however often it is placed. */
const recorder = http.all('*', async ({ request, requestId }) => {
  if (recorded.has(requestId)) return;
  recorded.add(requestId);
  const url = new URL(request.url);
  // Listed before its body is read, so calls keep the order the app sent them in.
  const call: Call = { method: request.method, path: url.pathname, query: url.searchParams, body: undefined };
  calls.push(call);
  const text = await request.clone().text();
  call.body = text ? JSON.parse(text) : undefined;
});

export function resetCalls(): void {
  calls.length = 0;
  recorded.clear();
}

export interface FakeServer {
  /** Every request so far, in order. */
  calls: readonly Call[];
  callsTo: (method: string, path: string | RegExp) => Call[];
  /** More handlers, in front of the ones given so far (msw answers with the first that matches). */
  use: (...handlers: RequestHandler[]) => void;
}

/** Answers with the first matching handler (msw `http.get(...)` etc.) and records every request. */
export function fakeServer(...handlers: RequestHandler[]): FakeServer {
  mockServer.use(recorder, ...handlers);
  return {
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path))),
    use: (...more) => mockServer.use(recorder, ...more),
  };
}

/** A JSON answer. */
export const json = (body: unknown, status = 200) => HttpResponse.json(body as never, { status });

/** 204 No Content. */
export const noContent = () => new HttpResponse(null, { status: 204 });

/** Holds answers back until released, so a test can act while a request is in flight. */
export function gate(): { passed: Promise<void>; release: () => void } {
  let release!: () => void;
  const passed = new Promise<void>((resolve) => (release = resolve));
  return { passed, release };
}
