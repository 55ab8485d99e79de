/**
 * Object checks as generated functions, for the entry Node, Bun and Deno load (src/node.ts; never
 * in a browser or edge bundle, where a strict CSP or the platform refuses `new Function`, and
 * Next.js fails an Edge build that merely holds it).
 *
 * Why generate: src/schemas/check.ts reads a field as `value[keys[i]]`, a load by a computed
 * name, which V8 serves through its megamorphic lookup cache; between two answers the rest of a
 * call (fetch, streams, the event loop) evicts that cache, and checking a 25-SKU page took ~18 µs
 * inside real calls (bench/stage-times.mjs). A generated function reads each field by its own
 * name at its own site, whose inline cache holds the one shape every SKU of an answer has: ~4.5 µs.
 * Reading keys through for-in instead (V8's enum cache, no generated code) did not help inside
 * real calls (18-24 µs), so the generator stays. The same results as check.ts's loop, field for
 * field (test/properties/checks.test.ts).
 *
 * The code is made from the SDK's own schema keys only, each written as a JSON string literal; no
 * answer or caller input ever reaches it.
 */
import {
  BOOLEAN_KIND,
  NULL_KIND,
  NUMBER_KIND,
  type ObjectCompiler,
  type Schema,
  STRING_KIND,
  UNDEFINED_KIND,
} from './check.js';

/** The test of a value `x` of the given KIND bits, as an expression (the bits of check.ts's kindOf). */
function kindTest(kind: number): string {
  const tests: string[] = [];
  if (kind & STRING_KIND) tests.push('typeof x=="string"');
  if (kind & NUMBER_KIND) tests.push('Number.isFinite(x)');
  if (kind & BOOLEAN_KIND) tests.push('typeof x=="boolean"');
  if (kind & NULL_KIND) tests.push('x===null');
  if (kind & UNDEFINED_KIND) tests.push('x===void 0');
  return tests.join('||') || 'false';
}

/** Whether this runtime makes functions from text (false under --disallow-code-generation-from-strings). */
let allowed: boolean | undefined;

export const compileObject: ObjectCompiler = (keys, kinds, tests) => {
  if (allowed === false) return undefined;
  let body = 'return function(v){if(typeof v!="object"||v===null||Array.isArray(v))return false;var x;';
  keys.forEach((key, i) => {
    const kind = kinds[i] as number;
    body += `x=v[${JSON.stringify(key)}];if(!(${kind === 0 ? `t[${i}](x)` : kindTest(kind)}))return false;`;
  });
  body += 'return true}';
  try {
    const make = new Function('t', body) as (t: readonly Schema['is'][]) => Schema['is'];
    allowed = true;
    return make(tests);
  } catch {
    allowed = false;
    return undefined;
  }
};
