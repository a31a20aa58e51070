import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test identity provider: signs in there with any password under their login. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** How the provider says it authenticated them (the ID token's `amr`); none when unset. */
  amr?: string[];
}

export const CLIENT = { id: 'quality-portal', secret: 'quality-portal-test-secret' };

/**
 * A real OpenID provider (oidc-provider, a certified implementation) on a loopback port, with its
 * development sign-in and consent pages, for the portal registered with `redirectUri`.
 */
export async function startTestProvider(redirectUri: string, accounts: Record<string, ProviderAccount>, opts: { postLogoutRedirectUri?: string } = {}): Promise<{ issuer: string; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: opts.postLogoutRedirectUri ? [opts.postLogoutRedirectUri] : [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { amr: null, openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The portal asks for `amr` in the ID token through the claims parameter when it needs it.
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...accounts[id] }) }),
    features: { devInteractions: { enabled: true }, claimsParameter: { enabled: true } },
  });
  // The development sign-in page records no authentication methods; a real provider's would.
  const finished = provider.interactionFinished.bind(provider);
  provider.interactionFinished = (req, res, result, options) => {
    const login = result.login as { accountId: string } | undefined;
    const amr = login && accounts[login.accountId]?.amr;
    return finished(req, res, amr ? { ...result, login: { ...login, amr } } : result, options);
  };
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Form fields of the first form on a provider page: its action and hidden inputs. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the provider's page:\n${html.slice(0, 500)}`);
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { action, fields };
}

/** A browser's cookies at the provider (its sign-in session lives in them). */
export type ProviderCookies = Map<string, string>;

/**
 * Follows the provider's redirects and responds to its pages with `respond` (a form to send, or an
 * address to go to) until it sends the browser back to the portal; returns that address.
 */
async function untilBack(start: string, cookies: ProviderCookies, respond: (html: string, origin: string) => { form?: { action: string; fields: Record<string, string> }; url?: URL }): Promise<URL> {
  const origin = new URL(start).origin;
  let url = new URL(start);
  let form: { action: string; fields: Record<string, string> } | undefined;
  for (let hops = 0; hops < 20; hops++) {
    const body = form ? new URLSearchParams(form.fields) : undefined;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const next = respond(await res.text(), origin);
    form = next.form;
    url = next.url ?? new URL(next.form!.action, origin);
  }
  throw new Error('the provider never sent the browser back');
}

/**
 * What a browser does at the provider: follows its redirects, signs in as `login` on its sign-in
 * page and agrees on its consent page (or presses its cancel link), until the provider sends the
 * browser back to the portal; returns that address. `cookies` keeps the provider's session for a
 * later visit; `loginPages` counts the sign-in pages the provider showed.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, opts: { cancel?: boolean; cookies?: ProviderCookies; loginPages?: { count: number } } = {}): Promise<URL> {
  return untilBack(authorizationUrl, opts.cookies ?? new Map(), (html, origin) => {
    const page = formOf(html);
    if (opts.cancel) return { url: new URL(`${page.action.replace(/\/(login|confirm)$/, '')}/abort`, origin) };
    if (page.fields.prompt === 'login' && opts.loginPages) opts.loginPages.count++;
    return { form: { action: page.action, fields: page.fields.prompt === 'login' ? { ...page.fields, login, password: 'any password' } : page.fields } };
  });
}

/** Signs out at the provider's sign-out page ("Yes, sign me out"); returns where it sends the browser back. */
export async function signOutAtProvider(endSessionUrl: string, cookies: ProviderCookies): Promise<URL> {
  return untilBack(endSessionUrl, cookies, (html) => {
    const page = formOf(html);
    return { form: { action: page.action, fields: { ...page.fields, logout: 'yes' } } };
  });
}
