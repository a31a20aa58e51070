import Fastify from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.ts';

/** A route's reply schema, shaped like the contract's: nullable fields, enums, arrays, a record, a union. */
const Reply = z.object({
  id: z.string(),
  name: z.string().nullable(),
  role: z.enum(['staff', 'admin']),
  count: z.number().int(),
  active: z.boolean(),
  tags: z.array(z.object({ label: z.string(), at: z.string().nullable() })),
  details: z.record(z.string(), z.string()).optional(),
  outcome: z.discriminatedUnion('kind', [z.object({ kind: z.literal('done'), at: z.string() }), z.object({ kind: z.literal('failed'), error: z.string() })]),
});
type Reply = z.infer<typeof Reply>;

const sample: Reply = {
  id: '6000000000000000001',
  name: null,
  role: 'staff',
  count: 3,
  active: true,
  tags: [{ label: 'Ünïcode "quoted" \\ \u2028 line', at: null }, { label: '', at: '2026-11-24T10:00:00.000Z' }],
  details: { 'a.b': 'is invalid', '': 'empty key' },
  outcome: { kind: 'failed', error: 'Arena replied 503' },
};

const compile = (verify: boolean) => responseSerializerCompiler({ verify })({ schema: Reply, method: 'GET', url: '/v1/things/:id', httpStatus: '200' }) as (data: unknown) => string;

describe('the response serializer', () => {
  for (const verify of [false, true]) {
    describe(verify ? 'checking (development and tests)' : 'production', () => {
      it('writes what the schema allows: fields it does not list never leave the server', () => {
        const written = JSON.parse(compile(verify)({ ...sample, passwordHash: '$argon2id$secret', tags: sample.tags.map((t) => ({ ...t, internal: 1 })) }));
        expect(written).toEqual(sample);
        expect(JSON.stringify(written)).not.toContain('argon2id');
        expect(JSON.stringify(written)).not.toContain('internal');
      });

      it('writes nulls, escapes, records and both sides of a union as JSON.stringify would', () => {
        const write = compile(verify);
        expect(JSON.parse(write(sample))).toEqual(sample);
        const done = { ...sample, outcome: { kind: 'done', at: '2026-11-24' }, details: undefined };
        expect(JSON.parse(write(done))).toEqual({ ...done, details: undefined });
        expect(write(done)).not.toContain('details');
      });
    });
  }

  it('refuses, when checking, a reply its schema does not describe', () => {
    const write = compile(true);
    for (const wrong of [{ ...sample, role: 'owner' }, { ...sample, count: 1.5 }, { ...sample, name: 42 }, { ...sample, tags: null }]) {
      let thrown: unknown;
      try {
        write(wrong);
      } catch (err) {
        thrown = err;
      }
      expect(isResponseSerializationError(thrown), JSON.stringify(wrong).slice(0, 80)).toBe(true);
    }
  });

  it('refuses, in production too, a reply missing a required field (no half reply)', () => {
    const { id: _id, ...withoutId } = sample;
    expect(() => compile(false)(withoutId)).toThrow(/id/);
  });

  it('refuses at start-up a response schema JSON Schema cannot describe', () => {
    for (const schema of [z.object({ at: z.date() }), z.object({ n: z.bigint() })]) {
      expect(() => responseSerializerCompiler({ verify: false })({ schema, method: 'GET', url: '/x', httpStatus: '200' })).toThrow();
    }
  });

  it('writes a client-chosen "__proto__" field name in error details as an ordinary key, also when checking', () => {
    const details = JSON.parse('{"__proto__": "contains a NUL character, which is not allowed"}') as Record<string, string>;
    for (const verify of [false, true]) {
      const written = compile(verify)({ ...sample, details });
      expect(Object.getOwnPropertyNames(JSON.parse(written).details)).toEqual(['__proto__']);
    }
  });

  it('serves a route through Fastify with the schema of its status code', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ verify: false }));
    app.get('/thing', { schema: { response: { 200: Reply } } }, async () => ({ ...sample, secret: 'x' }));
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sample);
    await app.close();
  });
});
