// The dependency rules of LeadRelay (docs/architecture.md, "Dependency rules"), run by
// `npm run deps`, part of `npm run check` and CI. A break fails the build with the rule's name.
//
// Tests (`*.test.ts(x)`, `*.spec.ts`) may cross layers: they check one layer with the real
// parts of another (a repository test reads the schema, a route test starts the server).
const TEST = '\\.(test|spec)\\.tsx?$'
/** Test support: the simulators, the session client and worlds, browser tests and their helpers. */
const TEST_SUPPORT = '^(sim/|e2e/|server/src/testing/|web/src/testing/|web/src/features/[^/]+/testing/)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Modules that import each other cannot be read, tested or moved one at a time, and their ' +
        'load order decides which sees the other half-initialised. Move the shared part into a ' +
        'third module both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment:
        'Every import resolves to a file or an installed package. This also proves the rules ' +
        'below see the aliases (@common, @) and .ts paths: an unresolved import is checked by none.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'web-not-server',
      comment:
        'The web client runs in the browser: it shares only the contracts in common/ with the ' +
        'server, never server code or the simulators.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(server|sim)/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server does not depend on the client; what both need lives in common/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'common-not-sides',
      comment: 'common/ holds the contracts both sides import, so it imports neither side.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|web|sim)/' },
    },
    {
      name: 'feature-not-feature',
      comment:
        'A web feature does not import another feature (web/src/features/<f>); pages in ' +
        'web/src/app compose features, and shared code moves to web/src/lib, ' +
        "web/src/components or common/. A feature's tests may render it inside another " +
        "feature's provider (the signed-in session), as its page does.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'yelp-not-ghl',
      comment:
        'Each provider folder is the only place that knows its vendor; the engine joins Yelp and ' +
        'GHL, the provider folders never import each other.',
      severity: 'error',
      from: { path: '^server/src/integrations/yelp/', pathNot: TEST },
      to: { path: '^server/src/integrations/ghl/' },
    },
    {
      name: 'ghl-not-yelp',
      comment: 'See yelp-not-ghl: GHL code does not import Yelp code.',
      severity: 'error',
      from: { path: '^server/src/integrations/ghl/', pathNot: TEST },
      to: { path: '^server/src/integrations/yelp/' },
    },
    {
      name: 'integrations-only-ports',
      comment:
        'Provider code depends on nothing of ours but small ports (an authorised fetch, a token ' +
        'store) handed in by the composition root: not on the engine, modules, repositories, the ' +
        'database, the HTTP plumbing or the config module (a manifest names its env keys instead).',
      severity: 'error',
      from: { path: '^server/src/integrations/', pathNot: TEST },
      to: { path: '^server/src/(engine|modules|repositories|db|http|config)/' },
    },
    {
      name: 'repositories-no-upper',
      comment:
        'Repositories are the bottom layer above db/: they never import the engine, a module, ' +
        'provider code or the HTTP plumbing, so both the engine and the API can use them.',
      severity: 'error',
      from: { path: '^server/src/repositories/', pathNot: TEST },
      to: { path: '^server/src/(engine|modules|integrations|http)/' },
    },
    {
      name: 'engine-not-modules',
      comment:
        'The engine (jobs, queues, forwarding) runs without the HTTP API: modules call the ' +
        'engine, never the other way round.',
      severity: 'error',
      from: { path: '^server/src/engine/', pathNot: TEST },
      to: { path: '^server/src/(modules|http)/' },
    },
    {
      name: 'engine-not-vendors',
      comment:
        "The engine works on the hub's own lead (common/lead-model.ts) through the LeadSource port " +
        'and on the CRM through its ports (engine/provider-ports.ts, engine/pipeline/opportunities.port.ts), ' +
        "in its own terms: only the SOURCES registry (engine/sources/sources.ts) names a source's " +
        "folder, and no engine file names GHL's (docs/decisions/0029).",
      severity: 'error',
      from: { path: '^server/src/engine/', pathNot: [TEST, '^server/src/engine/sources/sources[.]ts$'] },
      to: { path: '^server/src/integrations/(yelp|thumbtack|ghl)/' },
    },
    {
      name: 'routes-not-integrations',
      comment:
        'A route calls its service, never a provider: what it needs of Yelp or GHL (a manifest, a ' +
        'webhook schema, a check) the service asks for, so the route stays parse-call-shape and ' +
        'every provider use of a module sits in its service (docs/architecture.md).',
      severity: 'error',
      from: { path: '^server/src/modules/.+\\.routes\\.ts$' },
      to: { path: '^server/src/integrations/' },
    },
    {
      name: 'http-not-modules',
      comment:
        'The HTTP plumbing (guard, errors, body limits, rate limits) sits below the modules: it ' +
        'takes what it needs of them as a port the composition root hands in (the guard reads ' +
        'sessions through SessionReader), so a module can use it without a cycle.',
      severity: 'error',
      from: { path: '^server/src/http/', pathNot: TEST },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'modules-not-pg-boss',
      comment:
        'Modules queue and schedule work through the JobQueue port (engine/queue/job-queue.ts), ' +
        "which applies each job's singleton key, priority and wake-up; pg-boss itself stays in the " +
        "engine's queue layer.",
      severity: 'error',
      from: { path: '^server/src/modules/' },
      to: { path: 'node_modules/pg-boss/' },
    },
    {
      name: 'routes-not-repositories',
      comment:
        'Routes are thin: parse with the common/ schema, call one service, shape the answer. ' +
        "Reading or writing rows is the service and repository layers' work.",
      severity: 'error',
      from: { path: '^server/src/modules/.+\\.routes\\.ts$' },
      to: { path: '^server/src/(repositories|db)/' },
    },
    {
      name: 'schema-only-in-repositories',
      comment:
        'The tables (server/src/db/schema.ts) are read and written by repositories only: a ' +
        'service or engine module that imports a table is writing a query outside its home, even ' +
        'without importing drizzle-orm (it can build one on the DB handle). Tests and test ' +
        'support may read rows directly.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/(repositories|db)/', TEST, TEST_SUPPORT] },
      to: { path: '^server/src/db/schema\\.ts$' },
    },
    {
      name: 'orm-only-in-repositories',
      comment:
        'Only repositories (server/src/repositories) and the database setup (server/src/db) use the ORM, ' +
        'so every query has one home. Tests and test support may read rows directly: they check ' +
        'what the code under test wrote, independently of it.',
      severity: 'error',
      from: { pathNot: [`^server/src/(repositories|db)/`, TEST, TEST_SUPPORT] },
      to: { path: '^node_modules/drizzle-orm/' },
    },
    {
      name: 'secrets-only-in-token-store',
      comment:
        'Sealed tokens and the location API key are read and sealed only by the provider-token ' +
        'store (repositories/provider-tokens.store.ts) and the token manager (integrations/oauth/); ' +
        'the rest of the product reads connections.repository.ts, whose views hold no secret. ' +
        'So only those two (and the composition root and its wiring, which make the SecretBox) see the box or ' +
        "the stored connection JSON's shape. The alert channels' own secrets (a webhook channel's " +
        'signing secret, a slack or webhook URL) are sealed by the alert channels service (and its ' +
        'start-up re-seal) and opened only by the delivery handler and the alert senders.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: [
          '^server/src/repositories/(provider-tokens\\.store|connections\\.repository)\\.ts$',
          '^server/src/(modules/alerts/alert-channels\\.service|engine/alerts/alert-delivery-handler)\\.ts$',
          '^server/src/(modules/alerts/alert-channel-sealing|integrations/alerts/(alert-senders|sealed-target))\\.ts$',
          '^server/src/integrations/oauth/',
          '^server/src/(composition-root\\.ts|wiring/)',
          TEST,
          TEST_SUPPORT,
        ],
      },
      to: { path: '^server/src/(lib/secret-box|repositories/stored-connections)\\.ts$' },
    },
    {
      name: 'product-not-test-support',
      comment:
        'Product code (server/src, web/src, common) never imports the simulators, test support or ' +
        'browser tests; they exist for tests, benchmarks and the demo.',
      severity: 'error',
      from: { path: '^(server/src|web/src|common)/', pathNot: [TEST, TEST_SUPPORT] },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'wiring-only-in-root',
      comment:
        "server/src/wiring/ holds the composition root's parts (one wiring function per area); " +
        'only composition-root.ts assembles them, and everything else (server.ts, tests, the ' +
        'bench) builds the app through composition-root.ts, so the order of assembly stays in ' +
        'one place.',
      severity: 'error',
      from: { path: '^', pathNot: ['^server/src/composition-root\\.ts$', '^server/src/wiring/'] },
      to: { path: '^server/src/wiring/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(web/dist|server/dist|\\.tmp|test-results|\\.demo-data|data|drizzle)/' },
    // Type-only imports count: a layer that borrows another's types depends on it all the same.
    tsPreCompilationDeps: true,
    // The base config knows both aliases, @ (web/src) and @common (common/); the tsconfigs that
    // extend it narrow what each side may see.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
}
