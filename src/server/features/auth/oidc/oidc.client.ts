import * as oidc from 'openid-client';

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** PUBLIC_URL/v1/auth/oidc/callback, as registered at the provider. */
  redirectUri: string;
  /** The claim holding the person's groups or roles, when roles come from the provider. */
  roleClaim?: string | undefined;
  /** OIDC_REQUIRE_MFA: the ID token must say how the person signed in (`amr`), so it is asked for. */
  requireAmr?: boolean;
}

/** How the portal reaches an OpenID provider: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or the sandbox's demo provider. */
export interface SsoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A demo provider (SANDBOX_SSO): the sign-in page says so. */
  demo?: boolean;
}

/** What the portal keeps between the redirect to the provider and its reply. */
export interface FlowChecks {
  state: string;
  nonce: string;
  verifier: string;
  /** A fresh sign-in was asked for (`max_age=0`): the ID token's auth_time must be recent. */
  fresh?: boolean;
}

/** The person the provider vouched for. */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  /** The role claim's values (a list, or one value). */
  roleValues: string[];
  /** How the provider authenticated the person (the ID token's `amr`), when it says. */
  amr: string[];
  /** When the person last signed in at the provider (the ID token's `auth_time`, seconds since the epoch), when it says. */
  authTime: number | undefined;
}

/** Why a provider sign-in did not happen; each has its sentence on the sign-in page. */
export type FlowFailure = 'unreachable' | 'cancelled' | 'expired';
export class FlowError extends Error {
  constructor(readonly reason: FlowFailure, cause?: unknown) {
    super(reason, { cause });
  }
}

/** No reply from the provider at all (refused, unknown host, time-out), as opposed to a reply saying no. */
function isNetworkFailure(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  }
  return false;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const values = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

/**
 * The OpenID Connect relying party, through openid-client (a certified client): discovery,
 * authorization code with PKCE, state and nonce, ID token checks, userinfo.
 */
export function createOidcClient(s: ProviderSettings) {
  // Plain http only for a provider on loopback (the configuration refuses it elsewhere).
  const insecure = new URL(s.issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
  let configuration: Promise<oidc.Configuration> | undefined;
  /** Discovered once; a failed discovery is tried again on the next sign-in. */
  function discovered(): Promise<oidc.Configuration> {
    configuration ??= oidc.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, { ...insecure, timeout: 10 }).catch((err: unknown) => {
      configuration = undefined;
      throw new FlowError('unreachable', err);
    });
    return configuration;
  }

  return {
    /** `fresh`: the person must sign in at the provider again now, whatever session they have there. */
    async start(opts: { fresh?: boolean } = {}): Promise<{ url: string; checks: FlowChecks }> {
      const config = await discovered();
      const checks: FlowChecks = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), ...(opts.fresh ? { fresh: true } : {}) };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: s.redirectUri,
        scope: s.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        ...(opts.fresh ? { prompt: 'login', max_age: '0' } : {}),
        ...(s.requireAmr ? { claims: JSON.stringify({ id_token: { amr: { essential: true } } }) } : {}),
      });
      return { url: url.href, checks };
    },

    /** The provider's issuer as discovered (the `iss` of its ID tokens), for identities linked by hand. */
    async issuer(): Promise<string> {
      return (await discovered()).serverMetadata().issuer;
    },

    /** Checks the provider's reply and reads the person from the ID token, and from userinfo for what it lacks. */
    async finish(callbackUrl: URL, checks: FlowChecks): Promise<ProviderPerson> {
      const config = await discovered();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
          ...(checks.fresh ? { maxAge: 0 } : {}),
        });
        const idToken = tokens.claims();
        if (!idToken) throw new FlowError('expired');
        let claims: Record<string, unknown> = idToken;
        const lacking = !text(claims.email) || !text(claims.name) || (s.roleClaim !== undefined && claims[s.roleClaim] === undefined);
        if (lacking && config.serverMetadata().userinfo_endpoint) claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
        return {
          issuer: idToken.iss,
          subject: idToken.sub,
          email: text(claims.email)?.toLowerCase(),
          emailVerified: claims.email_verified === true,
          name: text(claims.name),
          roleValues: s.roleClaim ? values(claims[s.roleClaim]) : [],
          amr: values(idToken.amr),
          authTime: typeof idToken.auth_time === 'number' ? idToken.auth_time : undefined,
        };
      } catch (err) {
        if (err instanceof FlowError) throw err;
        if (err instanceof oidc.AuthorizationResponseError) throw new FlowError('cancelled', err);
        // Anything else: a code, state or nonce that no longer matches (expired, used, or from another flow).
        throw new FlowError(isNetworkFailure(err) ? 'unreachable' : 'expired', err);
      }
    },

    /** The provider's sign-out address coming back to `returnTo`, or null when it has none. */
    async endSessionUrl(returnTo: string): Promise<string | null> {
      const config = await discovered().catch(() => undefined);
      if (!config?.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { client_id: s.clientId, post_logout_redirect_uri: returnTo }).href;
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
