/**
 * The value exports an entry's declaration file declares, read with the TypeScript compiler API:
 * every export whose alias chain ends at a value (function, class, const, enum) and passes
 * through no type-only `export type` / `import type`.
 */
import ts from 'typescript';

function isValue(checker: ts.TypeChecker, exported: ts.Symbol): boolean {
  let symbol = exported;
  for (let depth = 0; depth < 50 && symbol.flags & ts.SymbolFlags.Alias; depth++) {
    if (symbol.declarations?.some((d) => ts.isTypeOnlyImportOrExportDeclaration(d))) return false;
    symbol = checker.getImmediateAliasedSymbol(symbol) ?? symbol;
    if (!(symbol.flags & ts.SymbolFlags.Alias)) break;
  }
  return (symbol.flags & ts.SymbolFlags.Value) !== 0;
}

/** The declared value exports of each file of `files` (declaration files), sorted, by file. */
export function declaredValues(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file}: not a module the compiler could read`);
    const names = checker
      .getExportsOfModule(module)
      .filter((symbol) => isValue(checker, symbol))
      .map((symbol) => symbol.getName())
      .sort();
    out.set(file, names);
  }
  return out;
}
