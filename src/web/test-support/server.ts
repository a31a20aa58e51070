import { http, HttpResponse, type PathParams, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiErrorBody } from '#shared/contract/common';
import { type NamedEndpoint, type RequestOf, type ResponseInputOf, buildPath } from '#shared/contract/endpoints';

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
 * A request no handler replies to gets a 404 with a message naming it, so a test sees it at once.
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
  /** More handlers, in front of the ones given so far (msw replies with the first that matches). */
  use: (...handlers: RequestHandler[]) => void;
}

/** Replies with the first matching handler (msw `http.get(...)` etc.) and records every request. */
export function fakeServer(...handlers: RequestHandler[]): FakeServer {
  mockServer.use(recorder, ...handlers);
  return {
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path))),
    use: (...more) => mockServer.use(recorder, ...more),
  };
}

declare const raw: unique symbol;
/** A reply other than the endpoint's success body: an error, a dropped connection, a file. */
export type RawReply = Response & { readonly [raw]: true };
const mark = (response: Response) => response as RawReply;

/** An error reply, as the server gives one: `{code, message}` (or no body at all). */
export const failure = (status: number, body?: ApiErrorBody) => mark(body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }));

/** No reply at all: the connection fails, as when the network is down. */
export const networkError = () => mark(HttpResponse.error());

/** A file download (the CSV exports). */
export const file = (text: string, contentType = 'text/csv') => mark(new HttpResponse(text, { headers: { 'content-type': contentType } }));

/** What a fake replies to an endpoint with: its success body as sent over the wire, or a `RawReply`. */
export type Reply<E extends NamedEndpoint> = ResponseInputOf<E> | RawReply;
export type Resolver<E extends NamedEndpoint> = (info: { request: Request; params: PathParams }) => Reply<E> | Promise<Reply<E>>;

/**
 * The fake of one contract endpoint: its method and path, and a reply typed by its response
 * schema, so a change to the contract breaks the fake when it is compiled. The success body is
 * sent with the endpoint's status (204 sends none). `params` narrows the path to those values
 * (by default every value matches); `once` replies to a single request.
 */
export function on<E extends NamedEndpoint>(endpoint: E, resolve: Resolver<E>, options: { params?: RequestOf<E>['params']; once?: boolean } = {}): RequestHandler {
  const path = options.params ? buildPath(endpoint.path, options.params as Record<string, string>) : endpoint.path;
  const method = endpoint.method.toLowerCase() as Lowercase<E['method']>;
  return http[method](
    path,
    async (info) => {
      const reply = await resolve(info);
      if (reply instanceof Response) return reply;
      if (endpoint.status === 204) return new HttpResponse(null, { status: 204 });
      return new HttpResponse(JSON.stringify(reply), { status: endpoint.status, headers: { 'content-type': 'application/json' } });
    },
    { once: options.once ?? false },
  );
}

/** Holds replies back until released, so a test can act while a request is in flight. */
export function gate(): { passed: Promise<void>; release: () => void } {
  let release!: () => void;
  const passed = new Promise<void>((resolve) => (release = resolve));
  return { passed, release };
}
