import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface SerializerOptions {
  /**
   * Also check every reply against its zod schema, and check that the compiled writer wrote what
   * the schema's own encoding gives (development and tests). Production writes without the check.
   */
  verify: boolean;
}

/**
 * A `__proto__` key (a field a client named so, echoed in an error's details) is written by the
 * compiled serializer but cannot survive zod's encoding, which assigns keys to a plain object: the
 * comparison leaves it out on both sides.
 */
const withoutProtoKeys = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

/** The zod schema a route registered as its reply (the contract's response, or the error body). */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error('every response schema is a zod schema of the contract');
}

/**
 * Writes each reply with a serializer compiled from its response schema (decision 037): only the
 * fields the schema lists leave the server, as before, in the schema's order. Checking every field's
 * type on every reply (zod's encode) cost half of what the portal adds to a list page's own work;
 * with `verify`, tests still do both and refuse a reply the two would write differently.
 */
export function responseSerializerCompiler({ verify }: SerializerOptions): FastifySerializerCompiler<unknown> {
  // One writer per schema: every route shares the error body's, for its 4xx and its 5xx replies.
  const writers = new WeakMap<z.ZodType, (data: unknown) => string>();
  const writerOf = (schema: z.ZodType) => {
    let write = writers.get(schema);
    // draft-07: a nullable field is `type: [T, "null"]`, which the compiled writer takes directly.
    // A part JSON Schema cannot say throws here, at start-up, instead of being written unchecked.
    if (!write) writers.set(schema, (write = fastJsonStringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0])));
    return write;
  };
  return ({ schema: routeSchema, method, url }) => {
    const schema = zodSchemaOf(routeSchema);
    const write = writerOf(schema);
    if (!verify) return write;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = write(data);
      const expected = JSON.stringify(checked.data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written, withoutProtoKeys), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written.slice(0, 300)} where the schema gives ${expected.slice(0, 300)}`);
      }
      return written;
    };
  };
}
