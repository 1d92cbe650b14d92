import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_SLICES } from './composition/capabilities.ts';
import { ConfigError, bool, defineConfigSlice, envSchemaWith, inProduction, loadConfig, productionVariables } from './config.ts';

describe('configuration', () => {
  it('starts with local defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.publicUrl).toBe('http://localhost:4321');
    expect(config.oidcIssuer).toBe('http://localhost:4010/oidc');
    expect(config.LOGIN_URL).toBe('/api/auth/login');
    expect(config.SMTP_PORT).toBe(2525);
  });

  it('derives dependent URLs from overridden ports', () => {
    const config = loadConfig({ PORT: '5000', SANDBOX_PORT: '5010', STRAPI_PORT: '5020' });
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.oidcIssuer).toBe('http://localhost:5010/oidc');
    expect(config.strapiUrl).toBe('http://localhost:5020');
  });

  it('the identity provider reaches the back-channel logout under the public URL unless told another address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.de/' }).backchannelLogoutUrl).toBe('https://portal.example.de/api/auth/backchannel-logout');
    expect(loadConfig({ OIDC_BACKCHANNEL_LOGOUT_URL: 'http://portal:4321/api/auth/backchannel-logout' }).backchannelLogoutUrl).toBe('http://portal:4321/api/auth/backchannel-logout');
    expect(loadConfig({}).IDENTITY_ADMIN_CLIENT_ID).toBe('kundenportal-admin');
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'viele' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'viele' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'vielleicht' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATABASE_URL: 'kein-url' })).toThrow(/DATABASE_URL/);
  });

  it('reads job schedules as name=cron or name=off pairs and refuses anything else', () => {
    expect(loadConfig({}).JOB_SCHEDULES).toEqual({});
    expect(loadConfig({ JOB_SCHEDULES: 'heartbeat=* * * * *; reminders=off' }).JOB_SCHEDULES).toEqual({ heartbeat: '* * * * *', reminders: 'off' });
    expect(loadConfig({ JOB_SCHEDULES: 'reminders=0,30 9 * * 1-5' }).JOB_SCHEDULES).toEqual({ reminders: '0,30 9 * * 1-5' });
    for (const wrong of ['reminders', 'reminders=* * *', 'Reminders=off', 'reminders=off;']) {
      expect(() => loadConfig({ JOB_SCHEDULES: wrong }), wrong).toThrow(/JOB_SCHEDULES/);
    }
  });

  it('refuses to run production on development secrets', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['SESSION_SECRET', 'OIDC_CLIENT_SECRET', 'OIDC_ISSUER', 'DATABASE_URL', 'PUBLIC_URL', 'IDENTITY_ADMIN_CLIENT_SECRET']) {
      expect(message).toContain(name);
    }
  });

  it('the local stack’s production build (npm start) renders as production but keeps its development values, on this machine only', () => {
    const local = loadConfig({ NODE_ENV: 'production', LOCAL_PRODUCTION_BUILD: 'true', PORT: '4921' });
    expect(local).toMatchObject({ NODE_ENV: 'production', isProduction: false, publicUrl: 'http://localhost:4921' });
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_PRODUCTION_BUILD: 'true', PUBLIC_URL: 'http://127.0.0.1:4321' }).isProduction).toBe(false);
    // A deployment's address: the flag cannot switch its checks off.
    for (const publicUrl of ['https://portal.example.de', 'http://portal.example.de', 'https://localhost:4321']) {
      expect(() => loadConfig({ NODE_ENV: 'production', LOCAL_PRODUCTION_BUILD: 'true', PUBLIC_URL: publicUrl }), publicUrl).toThrow(/LOCAL_PRODUCTION_BUILD: nur für den lokalen Stack/);
    }
  });

  it('every variable is documented in the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const missing = Object.keys(envSchemaWith(CONFIG_SLICES).shape).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('configuration slices of the capabilities', () => {
  const slice = defineConfigSlice({
    TOY_SWITCH: bool.default(true),
    TOY_SECRET: inProduction(z.string().min(16).default('local-development-toy-secret')),
  });

  it('parses a slice with the kernel, with its defaults, and only when asked for it', () => {
    const config = loadConfig({ TOY_SWITCH: 'false' }, [slice]);
    expect(config).toMatchObject({ TOY_SWITCH: false, TOY_SECRET: 'local-development-toy-secret', PORT: 4321 });
    expect(config.slices).toEqual([slice]);
    expect(loadConfig({ TOY_SWITCH: 'false' })).not.toHaveProperty('TOY_SWITCH');
    expect(() => loadConfig({ TOY_SWITCH: 'vielleicht' }, [slice])).toThrow(/TOY_SWITCH/);
  });

  it('holds a slice to the production rules like the kernel', () => {
    expect(productionVariables([slice]).map(({ name }) => name)).toContain('TOY_SECRET');
    expect(productionVariables().map(({ name }) => name)).not.toContain('TOY_SECRET');
    expect(() => loadConfig({ NODE_ENV: 'production' }, [slice])).toThrow(/TOY_SECRET: in production erforderlich/);
  });

  it('refuses a variable declared twice', () => {
    expect(() => loadConfig({}, [defineConfigSlice({ PORT: bool.default(true) })])).toThrow('PORT is declared twice');
    expect(() => loadConfig({}, [slice, slice])).toThrow('TOY_SWITCH is declared twice');
  });

  it('gives the capabilities their own variables: the money slice checks the creditor id', () => {
    expect(loadConfig({}, CONFIG_SLICES)).toMatchObject({ SEPA_CREDITOR_ID: 'DE98ZZZ09999999999', IBAN_VALIDATION: true, METER_CHANGE_UPLOAD: true });
    expect(() => loadConfig({ SEPA_CREDITOR_ID: 'DE00ZZZ09999999999' }, CONFIG_SLICES)).toThrow(/SEPA_CREDITOR_ID/);
  });
});

describe('external service blocks', () => {
  it('derive each service’s endpoint: URL, credential header and timeout', () => {
    const config = loadConfig({ SANDBOX_PORT: '5010', MANAGEMENT_API_TOKEN: 'a-token-of-enough-length', IOT_TIMEOUT_MS: '2500' });
    expect(config.services.management).toMatchObject({
      url: 'http://localhost:5010/management/api/v1',
      headers: { authorization: 'Bearer a-token-of-enough-length' },
      timeoutMs: 15_000,
    });
    expect(config.services.iot).toMatchObject({ headers: { 'x-api-key': 'local-development-iot-key' }, timeoutMs: 2500 });
    expect(config.services.cms).toMatchObject({ url: 'http://localhost:1337', headers: {}, timeoutMs: 5000 });
  });

  it('in production require each service’s URL and refuse its development credential', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    for (const name of ['MANAGEMENT_API_URL', 'MANAGEMENT_API_TOKEN', 'IOT_API_URL', 'IOT_API_KEY', 'STRAPI_URL']) {
      expect(error?.message).toContain(name);
    }
    expect(() => loadConfig({ IOT_TIMEOUT_MS: '5' })).toThrow(/IOT_TIMEOUT_MS/);
  });
});
