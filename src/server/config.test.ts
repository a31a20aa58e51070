import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('takes Arena owner and number-prefix GUIDs, optional, 20 uppercase letters and digits', () => {
    const none = loadConfig({});
    expect([none.ARENA_OWNER_GUID, none.ARENA_NUMBER_PREFIX_GUID]).toEqual([undefined, undefined]);
    expect(loadConfig({ ARENA_OWNER_GUID: ' GYI16WXX6DUDWFYHPRY3 ', ARENA_NUMBER_PREFIX_GUID: '5N7Q9HFV47P9SBUDWBK4' })).toMatchObject({
      ARENA_OWNER_GUID: 'GYI16WXX6DUDWFYHPRY3',
      ARENA_NUMBER_PREFIX_GUID: '5N7Q9HFV47P9SBUDWBK4',
    });
    expect(() => loadConfig({ ARENA_OWNER_GUID: 'gyi16wxx6dudwfyhpry3', ARENA_NUMBER_PREFIX_GUID: 'CH-' })).toThrow(
      'Invalid configuration:\n  ARENA_OWNER_GUID: ARENA_OWNER_GUID must be an Arena GUID: 20 uppercase letters and digits\n  ARENA_NUMBER_PREFIX_GUID: ARENA_NUMBER_PREFIX_GUID must be an Arena GUID: 20 uppercase letters and digits',
    );
  });

  it('takes the reporting regimes (US_MDR by default) and holidays, refusing unknown or repeated regimes and non-dates', () => {
    expect(loadConfig({}).REPORTING_REGIMES).toEqual(['US_MDR']);
    expect(loadConfig({}).REPORTING_HOLIDAYS).toEqual([]);
    expect(loadConfig({ REPORTING_REGIMES: ' EU_MDR , US_USER_FACILITY ' }).REPORTING_REGIMES).toEqual(['EU_MDR', 'US_USER_FACILITY']);
    expect(loadConfig({ REPORTING_HOLIDAYS: '2026-12-24, 2026-12-31' }).REPORTING_HOLIDAYS).toEqual(['2026-12-24', '2026-12-31']);
    const regimes = 'Invalid configuration:\n  REPORTING_REGIMES: REPORTING_REGIMES must be a comma-separated list of distinct regimes among US_MDR, US_USER_FACILITY, EU_MDR';
    expect(() => loadConfig({ REPORTING_REGIMES: 'US_MDR,CA_MDR' })).toThrow(regimes);
    expect(() => loadConfig({ REPORTING_REGIMES: 'US_MDR,US_MDR' })).toThrow(regimes);
    expect(() => loadConfig({ REPORTING_REGIMES: ' , ' })).toThrow(regimes);
    expect(() => loadConfig({ REPORTING_HOLIDAYS: '2026-12-24,Christmas' })).toThrow('REPORTING_HOLIDAYS must be comma-separated dates YYYY-MM-DD (not Christmas)');
  });

  it('needs ARENA_WORKSPACE_ID with Arena credentials in live mode, not in sandbox mode', () => {
    const live = { JOTFORM_API_KEY: 'k', JOTFORM_FORM_ID: '1', ARENA_EMAIL: 'integration@provider.example', ARENA_PASSWORD: 'p', ARENA_TEMPLATE_GUID: 'GYI16WXX6DUDWFYHPRY3' };
    expect(() => loadConfig(live)).toThrow('Invalid configuration:\n  ARENA_WORKSPACE_ID: ARENA_WORKSPACE_ID is required when Arena credentials are set');
    expect(loadConfig({ ...live, ARENA_WORKSPACE_ID: '123456789' }).ARENA_WORKSPACE_ID).toBe('123456789');
    const { JOTFORM_API_KEY: _key, ...sandbox } = live;
    expect(loadConfig(sandbox).ARENA_WORKSPACE_ID).toBeUndefined();
  });

  it('takes JotForm and Arena base URLs over https, or http on loopback only', () => {
    expect(loadConfig({ JOTFORM_BASE_URL: 'https://eu-api.jotform.com', ARENA_BASE_URL: 'http://127.0.0.1:8080/v1' })).toMatchObject({ ARENA_BASE_URL: 'http://127.0.0.1:8080/v1' });
    expect(loadConfig({ ARENA_BASE_URL: 'http://[::1]:8080/v1', JOTFORM_BASE_URL: 'http://localhost:9000' }).JOTFORM_BASE_URL).toBe('http://localhost:9000');
    expect(() => loadConfig({ JOTFORM_BASE_URL: 'http://api.jotform.com', ARENA_BASE_URL: 'http://api.arenasolutions.com/v1' })).toThrow(
      'Invalid configuration:\n  JOTFORM_BASE_URL: JOTFORM_BASE_URL must be an https: URL (http: only on loopback)\n  ARENA_BASE_URL: ARENA_BASE_URL must be an https: URL (http: only on loopback)',
    );
  });
});

describe('sign-in settings', () => {
  const fails = (env: Record<string, string>, name: string) => expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  it('MFA_REQUIRED_ROLES: empty by default, a list of roles, anything else stops the start naming it', () => {
    expect(loadConfig({}).MFA_REQUIRED_ROLES).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'super_admin, admin' }).MFA_REQUIRED_ROLES).toEqual(['super_admin', 'admin']);
    fails({ MFA_REQUIRED_ROLES: 'admins' }, 'MFA_REQUIRED_ROLES');
  });
  it('SANDBOX_SSO: off by default; on or off, in sandbox mode only, without OIDC_ISSUER', () => {
    expect(loadConfig({}).SANDBOX_SSO).toBe('off');
    expect(loadConfig({ SANDBOX_SSO: 'on' }).SANDBOX_SSO).toBe('on');
    fails({ SANDBOX_SSO: 'yes' }, 'SANDBOX_SSO');
    fails({ SANDBOX_SSO: 'on', JOTFORM_API_KEY: 'k', JOTFORM_FORM_ID: '1', ARENA_WORKSPACE_ID: '1' }, 'SANDBOX_SSO');
    fails({ SANDBOX_SSO: 'on', OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'SANDBOX_SSO');
  });

  it('single sign-on: linking by e-mail and the provider second factor off by default, on or off; PASSWORD_LOGIN=linked needs a provider; an https PUBLIC_URL off loopback', () => {
    const sso = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' };
    expect(loadConfig(sso)).toMatchObject({ OIDC_LINK_BY_EMAIL: 'off', OIDC_REQUIRE_MFA: 'off', PASSWORD_LOGIN: 'on' });
    expect(loadConfig({ ...sso, OIDC_LINK_BY_EMAIL: 'on', OIDC_REQUIRE_MFA: 'on', PASSWORD_LOGIN: 'linked' })).toMatchObject({ OIDC_LINK_BY_EMAIL: 'on', OIDC_REQUIRE_MFA: 'on', PASSWORD_LOGIN: 'linked' });
    fails({ ...sso, OIDC_LINK_BY_EMAIL: 'yes' }, 'OIDC_LINK_BY_EMAIL');
    fails({ ...sso, OIDC_REQUIRE_MFA: 'true' }, 'OIDC_REQUIRE_MFA');
    fails({ ...sso, PASSWORD_LOGIN: 'some' }, 'PASSWORD_LOGIN');
    fails({ PASSWORD_LOGIN: 'linked' }, 'PASSWORD_LOGIN');
    // The flow's cookies are Secure on https: a browser would not send them back over plain http elsewhere.
    fails({ ...sso, PUBLIC_URL: 'http://portal.example.org' }, 'PUBLIC_URL');
    fails({ ...sso, HOST: '0.0.0.0' }, 'PUBLIC_URL');
    fails({ SANDBOX_SSO: 'on', HOST: '0.0.0.0' }, 'PUBLIC_URL');
    expect(loadConfig({ ...sso, HOST: '0.0.0.0', PUBLIC_URL: 'https://portal.example.org' }).PUBLIC_URL).toBe('https://portal.example.org');
    expect(loadConfig({ ...sso, PUBLIC_URL: 'http://localhost:3000' }).PUBLIC_URL).toBe('http://localhost:3000');
  });
});
