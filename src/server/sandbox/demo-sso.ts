import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { SsoProvider } from '../features/auth/oidc/oidc.client.ts';


/**
 * SANDBOX_SSO=on: a real OpenID provider (oidc-provider) on a loopback port, with its development
 * sign-in page, which signs anyone in under the e-mail they type, with any password. The portal
 * then finds the account by that e-mail as it would at a real provider (docs/single-sign-on.md).
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
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return { issuer, ...client, demo: true, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
