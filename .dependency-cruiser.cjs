/**
 * Import rules of the house layout (docs/architecture.md), checked by `npm run lint`:
 * no import cycles; web and server import shared, never each other; shared runs in both, so it
 * imports neither them nor Node's modules; a feature reaches another feature only through that
 * feature's index.ts; features on the server use connectors, never the emulators.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules that import each other (through any chain) load in an order that depends on who came first.',
      severity: 'error',
      from: {},
      // Type-only imports count too: they vanish when compiled, but two modules that name each
      // other's types are still one module in two files. A type both sides need lives in the
      // module both sides already import.
      to: { circular: true },
    },
    {
      name: 'web-not-server',
      comment: 'The web app never imports server code; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server never imports web code; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: ['^src/web/', '^node_modules/react(-dom)?/'] },
    },
    {
      name: 'shared-imports-neither-side',
      comment: 'src/shared is compiled into both builds: it imports neither server nor web code (nor React).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: ['^src/(server|web)/', '^node_modules/react(-dom)?/'] },
    },
    {
      name: 'shared-without-node',
      comment: 'src/shared runs in Node and in the browser: no Node modules.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'feature-through-its-index',
      comment: "A feature imports another feature only through its index.ts (its public surface), never its internals.",
      severity: 'error',
      from: { path: '^src/(server|web)/features/([^/]+)/' },
      to: { path: '^src/$1/features/', pathNot: ['^src/$1/features/$2/', '^src/$1/features/[^/]+/index[.]tsx?$'] },
    },
    {
      name: 'features-use-connectors',
      comment: 'Features use connectors; only sandbox wiring and tests import the emulators.',
      severity: 'error',
      from: { path: '^src/server/features/', pathNot: '[.]test(-support)?[.]ts$' },
      to: { path: '^src/server/emulators/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count for every rule, the cycle rule included.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
