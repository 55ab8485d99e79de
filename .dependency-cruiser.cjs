/**
 * `npm run lint:deps` (part of `npm test`): no import cycles in src/, and the layering of
 * docs/architecture.md — every entry but the main one (the sandbox, the Redis entry, the CLI, and
 * any new entry folder) imports the SDK only through its public entry modules.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: a module cannot be read (or changed) without the others of the circle.',
      // The sandbox (src/testing) still has cycles of its own: see the CHANGELOG's note.
      from: { path: '^src/(?!testing/)' },
      to: { circular: true },
    },
    {
      name: 'entries-use-public-api',
      severity: 'error',
      comment:
        'Entries other than the main one import the SDK through src/index.ts (or another entry module), never src/core, src/resources or src/schemas.',
      from: { path: '^src/(?!core/|resources/|schemas/|types/|index\\.ts|node\\.ts|client\\.ts)[^/]+/' },
      to: { path: '^src/(core|resources|schemas|types)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
