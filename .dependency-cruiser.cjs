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
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'entries-use-public-api',
      severity: 'error',
      comment:
        'A folder of its own (the sandbox, the Redis entry, the CLI, any new entry) imports the SDK through src/index.ts or another entry module, never its internals.',
      from: { path: '^src/(?!(core|endpoints|resources|schemas|types)/)[^/]+/' },
      to: { path: '^src/((core|endpoints|resources|schemas|types)/|client\\.ts$|internal\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
