// Layer rules of docs/architecture.md, checked on every `npm test` (docs/architecture.md, Conventions).

const TESTS = '\\.test\\.tsx?$';

/** A rule: no import from `from` to `to`, an error with its name and `comment` (the why) in the report. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('site-only-contracts', 'The site may import from bff/ only the shared contracts (zod schemas, enums, error codes).',
      { path: '^site/', pathNot: TESTS }, { path: '^bff/', pathNot: '^bff/contracts/' }),
    forbid('site-tests-only-contracts-and-the-route-table', 'Site tests read the contracts and, for the pages there are, the route table derived from the capability list.',
      { path: '^site/.*\\.test\\.tsx?$' }, { path: '^bff/', pathNot: '^bff/contracts/|^bff/composition/capabilities\\.ts$' }),
    forbid('contracts-are-leaves', 'Contracts are shared by browser and server code: they depend on other contracts and zod/mini only.',
      { path: '^bff/contracts/', pathNot: TESTS }, { path: '^(bff/(?!contracts/)|site/|sandbox/)|node_modules/', pathNot: '^node_modules/zod/(v4/)?mini/|^node_modules/zod/v4/(core|mini)/' }),
    forbid('contracts-use-zod-mini', 'Islands import contracts: classic zod would add ~25 KB gzip to each; contracts use zod/mini only.',
      { path: '^bff/contracts/', pathNot: TESTS }, { path: '^node_modules/zod/(index|v4/classic|v3)' }),
    forbid('domain-is-pure', 'The domain never imports express, knex, objection, pg, adapters, http, db or composition code.',
      { path: '^bff/domain/' }, { path: '^bff/(adapters|http|db|composition)/|node_modules/(express|knex|objection|pg|openid-client|nodemailer|ky)/' }),
    forbid('adapters-only-in-composition', 'Only bff/composition builds adapters (one module, with overrides for tests); nothing else imports them.',
      { pathNot: `^bff/(composition|adapters)/|${TESTS}` }, { path: '^bff/adapters/' }),
    forbid('db-only-in-composition', 'Only bff/composition (and the test database setup) wires repositories and migrations.',
      { pathNot: `^bff/(composition|db)/|^tests/setup/|${TESTS}` }, { path: '^bff/db/' }),
    forbid('islands-not-server-modules', 'React islands run in the browser: they never import server-only modules (*.server.ts).',
      { path: '^site/.*\\.tsx$' }, { path: '\\.server\\.tsx?$' }),
    forbid('ports-are-interfaces', 'Ports describe capabilities; they depend on nothing but contracts.',
      { path: '^bff/ports/' }, { path: '^bff/(adapters|http|db|domain)/' }),
    forbid('bff-not-site-or-sandbox', 'The BFF never imports the site or the sandbox; it reaches sandbox services over HTTP/SMTP like production ones.',
      { path: '^bff/', pathNot: TESTS }, { path: '^(site|sandbox)/' }),
    forbid('bff-runs-on-production-dependencies', 'The portal image installs `dependencies` only (docs/operations.md, "Images"): the BFF imports no devDependency.',
      { path: '^bff/', pathNot: TESTS }, { dependencyTypes: ['npm-dev'] }),
    forbid('sandbox-talks-over-the-wire', 'The sandbox stands in for external services: it may read the shared configuration and contracts only.',
      { path: '^sandbox/' }, { path: '^(site/|bff/(?!config\\.ts|contracts/))' }),
    forbid('e2e-over-http', 'End-to-end tests use the apps only over HTTP (plus contracts, and the route table derived from the capability list, which they sweep).',
      { path: '^tests/e2e/' }, { path: '^(site/|bff/(?!contracts/|composition/capabilities\\.ts$)|sandbox/)' }),
    forbid('features-through-index', 'A feature uses another feature only through that feature\'s index.ts, its public face (docs/architecture.md "Folders").',
      { path: '^site/features/([^/]+)/' }, { path: '^site/features/[^/]+/', pathNot: ['^site/features/$1/', '^site/features/[^/]+/index\\.ts$'] }),
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|\\.astro|cms)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    extraExtensionsToScan: ['.astro'],
  },
};
