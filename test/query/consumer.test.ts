import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPacked } from '../../scripts/size.mjs';
import { consumerTypeErrors } from '../helpers/consumer-types.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
/** What a React app brings itself: the adapter, its core, React and React's types (with csstype). */
const APP_PACKAGES = ['@tanstack/query-core', '@tanstack/react-query', 'react', '@types/react', 'csstype'];

describe('price-catalog/query as published, in a React app (types)', () => {
  let installed = '';
  beforeAll(() => {
    installed = installPacked().dir;
  }, 180_000);

  it.each([
    ['node16, ESM', 'module', { module: 'node16', moduleResolution: 'node16' }],
    ['node16, CommonJS: the .d.cts types', 'commonjs', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', 'module', { module: 'esnext', moduleResolution: 'bundler' }],
  ])(
    'useQuery, useInfiniteQuery and useMutation infer the SDK types, skipLibCheck off (%s)',
    async (_, type, resolution) => {
      // The app's node_modules: the installed tarball beside the packages the app brings, linked
      // (and kept as links, so that each resolves its imports from the app's node_modules).
      const project = mkdtempSync(join(tmpdir(), 'price-catalog-query-consumer-'));
      try {
        cpSync(join(repo, 'test', 'query', 'consumer'), project, { recursive: true });
        const links: [string, string][] = [
          ['price-catalog', join(installed, 'node_modules', 'price-catalog')],
          // The SDK's one dependency, as npm installed it beside the tarball.
          ['zod', join(installed, 'node_modules', 'zod')],
          ...APP_PACKAGES.map((name): [string, string] => [name, join(repo, 'node_modules', name)]),
        ];
        for (const [name, target] of links) {
          mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
          symlinkSync(target, join(project, 'node_modules', name), 'dir');
        }
        // One deliberate mistake shows the check is real: it must be the only error.
        const { errors, output } = await consumerTypeErrors(project, {
          type,
          resolution,
          preserveSymlinks: true,
          wrong: [
            "import { useQuery } from '@tanstack/react-query';",
            "import { createClient } from 'price-catalog';",
            "import { catalogQueries } from 'price-catalog/query';",
            "const q = catalogQueries(createClient({ baseUrl: '/api', token: 't' }));",
            'export const useName = (): number | undefined => useQuery(q.catalog.categories.get(40)).data?.name;',
            '',
          ].join('\n'),
        });
        expect(errors, output).toHaveLength(1);
        expect(errors[0]).toMatch(/^wrong\.ts\(5,\d+\): error TS2322: Type 'string \| undefined'/);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
