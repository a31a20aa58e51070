import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of one cookie the browser sent, or undefined. */
export function readCookie(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  return cookiesOf(request.headers.cookie)[name];
}

/** Every cookie of a Cookie header (the first of a name wins, as browsers send the most specific path first). */
export function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!(name in out)) out[name] = part.slice(at + 1).trim();
  }
  return out;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  sameSite: 'Strict' | 'Lax';
}

/**
 * The portal's cookies: HttpOnly, and Secure whenever the portal is reached over https (PUBLIC_URL).
 * Plain http is only possible on loopback when single sign-on is on (the configuration refuses
 * anything else), where browsers would not keep a Secure cookie.
 */
export function cookieWriter(publicUrl: string) {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return {
    header: (name: string, value: string, o: CookieOptions) => `${name}=${value}; Path=${o.path}; Max-Age=${o.maxAgeSeconds}; HttpOnly; SameSite=${o.sameSite}${secure}`,
    set(reply: FastifyReply, name: string, value: string, o: CookieOptions): void {
      reply.header('set-cookie', this.header(name, value, o));
    },
  };
}
export type CookieWriter = ReturnType<typeof cookieWriter>;
