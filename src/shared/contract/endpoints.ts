import type { z } from 'zod';
import type { Capability } from '../roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone, any signed-in user, or the roles holding a capability.
 * The server enforces it; the web app uses the same value to hide what a role cannot use.
 */
export type Access = 'public' | 'authenticated' | { capability: Capability };

export interface EndpointDef {
  method: HttpMethod;
  /** Path with `:param` segments, e.g. `/v1/users/:userId`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and its body schema (`null` schema for no content). */
  status: 200 | 201 | 204 | 302;
  response: z.ZodType;
  /** Extra success content types (e.g. text/csv) the endpoint can produce. */
  produces?: readonly string[];
}

/** Declares an endpoint once; server routes and web fetchers are both typed from it. */
export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

/** An endpoint of a feature's API, named: what the server registers. */
export type NamedEndpoint = EndpointDef & { readonly operationId: string };

/**
 * A feature's endpoints under their names. Each gets the OpenAPI `operationId` `<feature><Name>`
 * (`defineApi('auth', { login })` → `authLogin`), which client generators name their calls by: it
 * changes only when the feature or the endpoint is renamed, never when its path does.
 */
export function defineApi<const T extends Record<string, EndpointDef>>(feature: string, endpoints: T): { readonly [K in keyof T]: T[K] & { readonly operationId: string } } {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [name, { ...endpoint, operationId: `${feature}${name[0]!.toUpperCase()}${name.slice(1)}` }]),
  ) as { [K in keyof T]: T[K] & { operationId: string } };
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;
type OutputOr<T, Fallback> = T extends z.ZodType ? z.output<T> : Fallback;

/** What a client sends. */
export type RequestOf<E extends EndpointDef> = {
  params: InferOr<E['params'], undefined>;
  query: InferOr<E['query'], undefined>;
  body: InferOr<E['body'], undefined>;
};
/** What the server's handler receives after validation. */
export type ParsedRequestOf<E extends EndpointDef> = {
  params: OutputOr<E['params'], undefined>;
  query: OutputOr<E['query'], undefined>;
  body: OutputOr<E['body'], undefined>;
};
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;
export type ResponseInputOf<E extends EndpointDef> = z.input<E['response']>;

/** Fills `:param` segments; values are URI-encoded. */
export function buildPath(path: string, params?: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
