#!/usr/bin/env node
// Runs after tsup (`npm run build`): the bundled declaration files import msw's types, and msw is
// an optional peer dependency. A TypeScript user without msw and with skipLibCheck off would get
// TS2307 ("Cannot find module 'msw'") from dist/testing/index.d.ts. msw's handler class has
// private members, so no structural copy of its type would be assignable to setupServer(); the
// import stays, marked `@ts-expect-error`: with msw installed the types are msw's, without it they are
// unresolved (and unused). tsup has no hook after its declaration build, hence this small step.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OPTIONAL_PEERS = ['msw', 'msw/node', 'msw/browser'];
const MARK = '// @ts-ignore: optional peer dependency, present only for users of it';
const dist = fileURLToPath(new URL('../dist', import.meta.url));

function* declarationFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* declarationFiles(path);
    else if (/\.d\.c?ts$/.test(entry.name)) yield path;
  }
}

const importLine = new RegExp(
  `^import [^;]*? from ['"](?:${OPTIONAL_PEERS.map((p) => p.replace('/', '\\/')).join('|')})['"];$`,
  'gm',
);
let marked = 0;
for (const file of declarationFiles(dist)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(importLine, (line, offset) => {
    if (text.slice(Math.max(0, offset - MARK.length - 1), offset).startsWith(MARK)) return line;
    marked++;
    return `${MARK}\n${line}`;
  });
  if (next !== text) writeFileSync(file, next);
}
console.error(`[optional-peer-types] marked ${marked} import(s) of ${OPTIONAL_PEERS.join(', ')}`);
