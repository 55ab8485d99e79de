/**
 * `npm run lint:deps` (part of `npm test`): no import cycles in src/, and the layering of
 * docs/contributing/architecture.md — every entry but the main one (the sandbox, the Redis entry,
 * the CLI, and any new entry folder) imports the SDK only through its public entry modules and
 * src/internal (the shared internals their builds bundle), never src/core.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: a module cannot be read (or changed) without the others of the circle.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'entries-use-public-api',
      severity: 'error',
      comment:
        'A folder of its own (the sandbox, the Redis entry, the CLI, any new entry) imports the SDK through src/index.ts, another entry module or src/internal, never the core.',
      from: { path: '^src/(?!(client|core|endpoints|resources|schemas|types|internal)/)[^/]+/' },
      to: { path: '^src/((client|core|endpoints|resources|schemas|types)/|client\\.ts$)' },
    },
    {
      name: 'internal-below-entries',
      severity: 'error',
      comment:
        'src/internal is what the entries share of the SDK: it reaches into the core and the resources, never into an entry or the public index (the core imports it too).',
      from: { path: '^src/internal/' },
      to: {
        path: '^src/((?!(client|core|endpoints|resources|schemas|types|internal)/)[^/]+/|index\\.ts$|client\\.ts$)',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
