/**
 * What the docs test checks of a page as a whole, beside running its blocks: the line that says
 * how to run it against the sandbox, the packages its `npm install` commands name, and the
 * environment variables and packages its blocks use.
 */
import ts from 'typescript';

/** The page's one line on running it against the sandbox starts with this. */
export const SANDBOX_LINE = '**Against the sandbox:**';

export interface SandboxLine {
  line: number;
  text: string;
  /** The variables the line asks to export beside the sandbox's (`export NAME=...`). */
  extras: string[];
}

/** The page's sandbox lines (one expected), with the variables each asks to export. */
export function sandboxLines(markdown: string): SandboxLine[] {
  return markdown.split('\n').flatMap((text, index) =>
    text.startsWith(SANDBOX_LINE)
      ? [
          {
            line: index + 1,
            text,
            extras: [...text.matchAll(/`export (\w+)=/g)].map((m) => m[1] as string),
          },
        ]
      : [],
  );
}

/** The page's npm commands: in ```sh blocks (continued lines included) and in inline code. */
function npmCommands(markdown: string): string[] {
  const commands: string[] = [];
  let inShell = false;
  let continued = '';
  for (const line of markdown.split('\n')) {
    if (/^```/.test(line)) {
      inShell = !inShell && /^```(sh|bash|shell)\s*$/.test(line);
      continue;
    }
    if (inShell) {
      const text = continued + line.replace(/^\$ /, '');
      continued = text.endsWith('\\') ? `${text.slice(0, -1)} ` : '';
      if (!continued && /\bnpm /.test(text)) commands.push(text);
    } else {
      for (const [, code] of line.matchAll(/`([^`]*\bnpm [^`]*)`/g)) commands.push(code as string);
    }
  }
  return commands;
}

/** The words after `npm <verb>` in a command, up to a comment or the next command. */
function argumentsOf(command: string, verb: RegExp): string[] {
  const parts = command.split(verb);
  if (parts.length < 2) return [];
  return (parts[1]?.split(/\s#|[;&|)]/)[0] ?? '').split(/\s+/).filter((word) => word !== '');
}

/**
 * The packages the page's `npm install` commands name, each with the word it is installed by
 * (`@opentelemetry/api@1.9`: a version the page pins is installed as pinned). Flags and paths
 * are not packages; nor is a `--global` install's (it does not go into the project).
 */
export function installedPackages(markdown: string): Map<string, string> {
  const packages = new Map<string, string>();
  for (const command of npmCommands(markdown)) {
    const args = argumentsOf(command, /\bnpm (?:install|i)\b/);
    if (args.includes('--global') || args.includes('-g')) continue;
    for (const word of args) {
      if (word.startsWith('-') || word.startsWith('.') || word.startsWith('/') || word.includes(':'))
        continue;
      if (/^(@[\w.-]+\/)?[\w.-]+(@\S+)?$/.test(word)) packages.set(word.replace(/(.)@.*$/, '$1'), word);
    }
  }
  return packages;
}

/** What the page's `npm pkg set` commands set in the project's package.json (`type=module`). */
export function packageSettings(markdown: string): string[] {
  return [
    ...new Set(
      npmCommands(markdown).flatMap((command) =>
        argumentsOf(command, /\bnpm pkg set\b/).filter((word) => /^[\w.]+=\S+$/.test(word)),
      ),
    ),
  ];
}

/** The npm package an import specifier comes from; undefined for node's own modules. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || specifier.startsWith('.')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The packages an entry of price-catalog needs installed beside it (its optional peer
 * dependencies): a page importing the entry must install them too.
 */
export const ENTRY_PEERS: Record<string, string> = {
  'price-catalog/redis': 'ioredis',
  'price-catalog/query': '@tanstack/query-core',
  'price-catalog/testing/msw': 'msw',
  'price-catalog/otel': '@opentelemetry/api',
};

/**
 * The packages a block's imports need installed, beside price-catalog itself (which README's
 * Install section installs): each imported package and each imported entry's peer.
 */
export function neededPackages(code: string): string[] {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const needed = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const name = packageOf(specifier);
    if (name && name !== 'price-catalog') needed.add(name);
    const peer = ENTRY_PEERS[specifier];
    if (peer) needed.add(peer);
  }
  return [...needed];
}

/**
 * The environment variables a block reads: `process.env.NAME`, `process.env['NAME']` and
 * `const { NAME } = process.env`. Any other use of `process.env` (a computed name, the object
 * passed on) reads names the test cannot see, and is reported as `process.env` itself.
 */
export function environmentReads(code: string): string[] {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = new Set<string>();
  const isEnv = (node: ts.Node): boolean =>
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'env' &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'process';
  const visit = (node: ts.Node): void => {
    if (isEnv(node)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
      else if (
        ts.isElementAccessExpression(parent) &&
        parent.expression === node &&
        ts.isStringLiteralLike(parent.argumentExpression)
      )
        names.add(parent.argumentExpression.text);
      else if (
        ts.isVariableDeclaration(parent) &&
        parent.initializer === node &&
        ts.isObjectBindingPattern(parent.name)
      )
        for (const element of parent.name.elements)
          names.add(((element.propertyName ?? element.name) as ts.Identifier).text);
      else names.add('process.env');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...names];
}
