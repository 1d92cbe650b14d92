/**
 * Layer rules of docs/architecture.md, checked on every `npm test` (docs/architecture.md, Conventions).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'site-only-contracts',
      comment: 'The site may import from bff/ only the shared contracts (zod schemas, enums, error codes).',
      severity: 'error',
      from: { path: '^site/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^bff/', pathNot: '^bff/contracts/' },
    },
    {
      name: 'site-tests-only-contracts-and-the-route-table',
      comment: 'Site tests read the contracts and, for the pages there are, the route table derived from the capability list.',
      severity: 'error',
      from: { path: '^site/.*\\.test\\.tsx?$' },
      to: { path: '^bff/', pathNot: '^bff/contracts/|^bff/composition/capabilities\\.ts$' },
    },
    {
      name: 'contracts-are-leaves',
      comment: 'Contracts are shared by browser and server code: they depend on other contracts and zod/mini only.',
      severity: 'error',
      from: { path: '^bff/contracts/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(bff/(?!contracts/)|site/|sandbox/)|node_modules/' , pathNot: '^node_modules/zod/(v4/)?mini/|^node_modules/zod/v4/(core|mini)/' },
    },
    {
      name: 'contracts-use-zod-mini',
      comment: 'Islands import contracts: classic zod would add ~25 KB gzip to each; contracts use zod/mini only.',
      severity: 'error',
      from: { path: '^bff/contracts/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^node_modules/zod/(index|v4/classic|v3)' },
    },
    {
      name: 'domain-is-pure',
      comment: 'The domain never imports express, knex, objection, pg, adapters, http, db or composition code.',
      severity: 'error',
      from: { path: '^bff/domain/' },
      to: {
        path: '^bff/(adapters|http|db|composition)/|node_modules/(express|knex|objection|pg|openid-client|nodemailer|ky)/',
      },
    },
    {
      name: 'adapters-only-in-composition',
      comment: 'Only bff/composition builds adapters (one module, with overrides for tests); nothing else imports them.',
      severity: 'error',
      from: { pathNot: '^bff/(composition|adapters)/|\\.test\\.tsx?$' },
      to: { path: '^bff/adapters/' },
    },
    {
      name: 'db-only-in-composition',
      comment: 'Only bff/composition (and the test database setup) wires repositories and migrations.',
      severity: 'error',
      from: { pathNot: '^bff/(composition|db)/|^tests/setup/|\\.test\\.tsx?$' },
      to: { path: '^bff/db/' },
    },
    {
      name: 'islands-not-server-modules',
      comment: 'React islands run in the browser: they never import server-only modules (*.server.ts).',
      severity: 'error',
      from: { path: '^site/.*\\.tsx$' },
      to: { path: '\\.server\\.tsx?$' },
    },
    {
      name: 'ports-are-interfaces',
      comment: 'Ports describe capabilities; they depend on nothing but contracts.',
      severity: 'error',
      from: { path: '^bff/ports/' },
      to: { path: '^bff/(adapters|http|db|domain)/' },
    },
    {
      name: 'bff-not-site-or-sandbox',
      comment: 'The BFF never imports the site or the sandbox; it reaches sandbox services over HTTP/SMTP like production ones.',
      severity: 'error',
      from: { path: '^bff/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(site|sandbox)/' },
    },
    {
      name: 'bff-runs-on-production-dependencies',
      comment: 'The portal image installs `dependencies` only (docs/operations.md, "Images"): the BFF imports no devDependency.',
      severity: 'error',
      from: { path: '^bff/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['npm-dev'] },
    },
    {
      name: 'sandbox-talks-over-the-wire',
      comment: 'The sandbox stands in for external services: it may read the shared configuration and contracts only.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^(site/|bff/(?!config\\.ts|contracts/))' },
    },
    {
      name: 'e2e-over-http',
      comment: 'End-to-end tests use the apps only over HTTP (plus contracts, and the route table derived from the capability list, which they sweep).',
      severity: 'error',
      from: { path: '^tests/e2e/' },
      to: { path: '^(site/|bff/(?!contracts/|composition/capabilities\\.ts$)|sandbox/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
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
