import { expect } from 'vitest';
import { type ProviderCookies, signInAtProvider } from '../../../../../tests/support/oidc-provider.ts';
import type { TestApp } from '../../../../../tests/support/test-app.ts';

export const PORTAL = 'http://127.0.0.1:3000';
export const REDIRECT = `${PORTAL}/v1/auth/oidc/callback`;

/** A browser's cookies at the portal (every cookie the portal sets is for /v1/auth…, so paths are not told apart). */
export class PortalBrowser {
  readonly jar = new Map<string, string>();
  get header(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** Keeps what a reply set, and drops what it expired. */
  take(res: { headers: Record<string, unknown> }): void {
    for (const set of [res.headers['set-cookie'] ?? []].flat().map(String)) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/Max-Age=0(;|$)/.test(set)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

export interface RoundTrip {
  browser?: PortalBrowser;
  cancel?: boolean;
  cookies?: ProviderCookies;
  loginPages?: { count: number };
}

/** The browser's way back from the provider: the callback, with the browser's cookies; returns the page the portal sent it to. */
async function back(t: TestApp, location: string, login: string, browser: PortalBrowser, opts: RoundTrip): Promise<URL> {
  const at = await signInAtProvider(location, login, opts);
  expect(at.pathname).toBe('/v1/auth/oidc/callback');
  const callback = await t.request({ method: 'GET', url: `${at.pathname}${at.search}`, headers: { cookie: browser.header } });
  expect(callback.statusCode).toBe(302);
  browser.take(callback);
  return new URL(String(callback.headers.location), PORTAL);
}

/** A sign-in's round trip: the button, the provider's pages, the callback; returns the sign-in page's address. */
export async function throughProvider(t: TestApp, login: string, opts: RoundTrip = {}): Promise<URL> {
  const browser = opts.browser ?? new PortalBrowser();
  const start = await t.request({ method: 'GET', url: '/v1/auth/oidc/start', headers: { cookie: browser.header } });
  expect(start.statusCode).toBe(302);
  expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  browser.take(start);
  return back(t, String(start.headers.location), login, browser, opts);
}

/** The sign-in page trading its code, in `browser` (the one the provider sent back, unless a test says otherwise). */
export async function exchange(t: TestApp, page: URL, browser: PortalBrowser) {
  expect(page.pathname).toBe('/auth/login');
  const res = await t.request({ method: 'POST', url: '/v1/auth/oidc/exchange', payload: { code: page.searchParams.get('sso') }, headers: { cookie: browser.header } });
  browser.take(res);
  return res;
}

/** Signs in through the provider in a new browser; returns the exchange's reply. */
export async function ssoSignIn(t: TestApp, login: string, opts: RoundTrip = {}) {
  const browser = opts.browser ?? new PortalBrowser();
  return exchange(t, await throughProvider(t, login, { ...opts, browser }), browser);
}

/**
 * My account's Link single sign-on (or a confirmation), in a signed-in browser: the password, the
 * provider's pages as `login`, back to My account, and its code traded; returns that last reply.
 */
export async function fromMyAccount(t: TestApp, headers: Record<string, string>, purpose: 'link' | 'confirm', login: string, payload: Record<string, string> = {}, opts: RoundTrip = {}) {
  const browser = opts.browser ?? new PortalBrowser();
  const started = await t.request({ method: 'POST', url: `/v1/auth/oidc/${purpose}`, headers: { ...headers, cookie: browser.header }, ...(purpose === 'link' ? { payload } : {}) });
  if (started.statusCode !== 200) return started;
  browser.take(started);
  const page = await back(t, started.json<{ location: string }>().location, login, browser, opts);
  expect(page.pathname).toBe('/dashboard/account');
  return t.request({ method: 'POST', url: '/v1/auth/oidc/outcome', headers: { ...headers, cookie: browser.header }, payload: { code: page.searchParams.get('sso') } });
}

/**
 * The signing dialog's "Continue with single sign-on", in a signed-in browser: the start for a
 * signature (the session's bearer token), the provider's pages as `login` in a window of its own,
 * back to the signing page, and its code traded for a signing token; returns the start's reply when
 * it was refused, else that last reply, with the start's provider address.
 */
export async function signThroughProvider(t: TestApp, headers: Record<string, string>, login: string, opts: RoundTrip & { trade?: Record<string, string> } = {}) {
  const browser = opts.browser ?? new PortalBrowser();
  const started = await t.request({ method: 'GET', url: '/v1/auth/oidc/start?purpose=sign', headers: { ...headers, cookie: browser.header } });
  if (started.statusCode !== 200) return { reply: started, location: undefined };
  browser.take(started);
  const location = new URL(started.json<{ location: string }>().location);
  const page = await back(t, location.href, login, browser, opts);
  expect(page.pathname).toBe('/auth/sso-sign');
  const reply = await t.request({ method: 'POST', url: '/v1/auth/oidc/signing-token', headers: { ...(opts.trade ?? headers), cookie: browser.header }, payload: { code: page.searchParams.get('sso') } });
  return { reply, location };
}
