import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Meaning } from '#shared/contract/signatures';
import { TEST_PASSWORD } from './test-app.ts';

type Send = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** A signature for one signed action: re-authenticates the caller of `headers` through the API, with `meaning`. */
export async function signature(send: Send, headers: Record<string, string>, meaning: Meaning, password = TEST_PASSWORD, code?: string): Promise<{ token: string; meaning: Meaning }> {
  const res = await send({ method: 'POST', url: '/v1/auth/signing-token', headers, payload: { password, ...(code ? { code } : {}) } });
  if (res.statusCode !== 200) throw new Error(`signing token refused: ${res.statusCode} ${res.body}`);
  return { token: res.json<{ token: string }>().token, meaning };
}
