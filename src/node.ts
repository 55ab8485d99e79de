/**
 * The main entry as Node, Bun and Deno load it (package.json `exports`, the `node` condition of
 * `import`): the same exports as src/index.ts, with answer checks compiled to plain functions
 * (src/schemas/compile.ts), about 13 µs less per 25-SKU page inside real calls. Browsers, workers
 * and edge runtimes resolve src/index.ts, which holds no generated code. A runtime that refuses
 * code from text keeps the checks of src/schemas/check.ts, which give the same results.
 *
 * ESM only: the CommonJS build bundles each entry, and a second bundle of the main entry would
 * give `price-catalog/redis` (which requires index.cjs) other error classes than the caller's.
 */
import { useCompiler } from './schemas/check.js';
import { compileObject } from './schemas/compile.js';

useCompiler(compileObject);

export * from './index.js';
