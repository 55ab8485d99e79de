/**
 * The runnable blocks of README.md and docs/*.md: ```ts blocks (run with `npx tsx`) and ```js
 * blocks (run with `node`, as `.mjs`); a block fenced ```` ```ts preamble ```` runs before each
 * later block of its page; one fenced with a second word other than `preamble` (```` ```js
 * browser ````) is shown, not run.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const ROOT = new URL('../../', import.meta.url);

export interface Block {
  /** `docs/pagination.md:6`: the page and the line of the block's first line of code. */
  where: string;
  file: string;
  line: number;
  language: 'ts' | 'js';
  /** The code as it runs: the page's preamble, then the block. */
  code: string;
  /** The Markdown line of a line of `code` (1-based). */
  sourceLine: (codeLine: number) => number;
}

export function docFiles(): string[] {
  const docs = readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

interface Fenced {
  line: number;
  language: 'ts' | 'js';
  code: string;
  preamble: boolean;
}

/** The ```ts and ```js blocks of a Markdown file (fences at the start of a line). */
function fenced(file: string): Fenced[] {
  const lines = readFileSync(new URL(file, ROOT), 'utf8').split('\n');
  const blocks: Fenced[] = [];
  let open: { line: number; code: string[]; language: 'ts' | 'js'; preamble: boolean } | undefined;
  let other = false;
  lines.forEach((text, index) => {
    if (open) {
      if (/^```\s*$/.test(text)) {
        blocks.push({ ...open, code: open.code.join('\n') });
        open = undefined;
      } else open.code.push(text);
      return;
    }
    if (other) {
      if (/^```\s*$/.test(text)) other = false;
      return;
    }
    const fence = /^```(\w*)(?:\s+(\S+))?\s*$/.exec(text);
    if (!fence) return;
    const language = { ts: 'ts', typescript: 'ts', js: 'js', javascript: 'js' }[fence[1] as string] as
      | 'ts'
      | 'js'
      | undefined;
    if (language && (fence[2] === undefined || fence[2] === 'preamble'))
      open = { line: index + 2, code: [], language, preamble: fence[2] === 'preamble' };
    else other = true;
  });
  if (open) throw new Error(`${file}:${open.line - 1}: a code block is never closed`);
  return blocks;
}

/** Every runnable block of the pages, each with its page's preamble before it. */
export function runnableBlocks(): Block[] {
  return docFiles().flatMap((file) => {
    let preamble: Fenced | undefined;
    return fenced(file).flatMap((block): Block[] => {
      if (block.preamble) {
        preamble = block;
        return [];
      }
      const first = preamble;
      const before = first ? first.code.split('\n').length : 0;
      return [
        {
          where: `${file}:${block.line}`,
          file,
          line: block.line,
          language: block.language,
          code: first ? `${first.code}\n${block.code}` : block.code,
          sourceLine: (n) => (first && n <= before ? first.line + n - 1 : block.line + n - 1 - before),
        },
      ];
    });
  });
}
