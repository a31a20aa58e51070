import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { SsoProvider } from '../features/auth/oidc/oidc.client.ts';


/**
 * SANDBOX_SSO=on: a real OpenID provider (oidc-provider) on a loopback port, with its development
 * sign-in page, which signs anyone in under the e-mail they type, with any password. The portal
 * then finds the account by that e-mail as it would at a real provider (docs/features/single-sign-on.md).
 */
export async function startDemoSso(publicUrl: string): Promise<SsoProvider & { close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { clientId: 'quality-portal-sandbox', clientSecret: randomBytes(24).toString('base64url') };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [`${publicUrl}/v1/auth/oidc/callback`],
        post_logout_redirect_uris: [`${publicUrl}/auth/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The login typed on the demo page is the e-mail: a demo vouches for whatever it is told.
    findAccount: (_ctx, id) => {
      const email = id.trim().toLowerCase();
      return { accountId: id, claims: () => ({ sub: email, email, email_verified: true }) };
    },
    // Its own sign-in page, not oidc-provider's development one (which asks Google for fonts an
    // offline portal cannot reach, and fails the accessibility checks).
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/abort)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return callback(req, res);
    interaction(provider, req, res, { uid: match[1]!, abort: !!match[2] }).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`The sign-in could not go on: ${error instanceof Error ? error.message : 'unknown error'}. Start again from the portal.`);
    });
  });
  return { issuer, ...client, demo: true, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The demo sign-in page: system fonts, labelled fields, contrast that reads (WCAG AA), nothing fetched from elsewhere. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Demo sign-in service</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f1f5f9; color: #0f172a; }
  main { max-width: 22rem; margin: 2.5rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; box-shadow: 0 1px 2px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  p { font-size: 0.875rem; line-height: 1.4; color: #334155; }
  label { display: block; margin-top: 1rem; font-size: 0.875rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; min-height: 2.75rem; margin-top: 0.25rem; padding: 0 0.5rem; font: inherit; border: 1px solid #64748b; border-radius: 0.375rem; }
  button { width: 100%; min-height: 2.75rem; margin-top: 1.25rem; font: inherit; font-weight: 600; color: #fff; background: #1d5b73; border: 0; border-radius: 0.375rem; cursor: pointer; }
  button:hover { background: #1e4b5e; }
  :focus-visible { outline: 3px solid #286c85; outline-offset: 2px; }
  a { display: inline-flex; align-items: center; min-height: 2.75rem; color: #1e4b5e; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 10_000) throw new Error('the form is too large');
  }
  return new URLSearchParams(text);
}

/** The demo's sign-in (any password for the e-mail typed) and consent steps, on oidc-provider's interaction API. */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse, { uid, abort }: { uid: string; abort: boolean }): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('this sign-in step is not the current one');
  res.setHeader('cache-control', 'no-store');
  if (abort) {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
    return;
  }
  const { prompt, params, session, grantId } = details;
  const cancel = `<p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel and go back to the portal</a></p>`;
  if (req.method === 'POST') {
    const form = await formOf(req);
    if (prompt.name === 'login') {
      const login = (form.get('login') ?? '').trim();
      if (!login) throw new Error('an e-mail address is needed');
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    if (prompt.name === 'consent') {
      const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
      if (!grant) throw new Error('the grant is gone');
      const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scope] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scope.join(' '));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new Error(`the step ${prompt.name} is not supported`);
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (prompt.name === 'login') {
    const hint = typeof params.login_hint === 'string' ? params.login_hint : '';
    res.end(
      page(
        'Sign-in',
        `<p>Demo sign-in service: it signs in anyone under the e-mail address typed, with any password.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}" autocomplete="off">
<label for="login">E-mail address</label>
<input id="login" name="login" type="text" inputmode="email" required value="${escapeHtml(hint)}"${hint ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required${hint ? ' autofocus' : ''}>
<button type="submit">Sign-in</button>
</form>
${cancel}`,
      ),
    );
    return;
  }
  res.end(
    page(
      'Authorize',
      `<p>The Quality Portal asks for your e-mail address and name, to sign you in.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<button type="submit">Continue</button>
</form>
${cancel}`,
    ),
  );
}
