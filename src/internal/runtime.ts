/**
 * Node's `diagnostics_channel` module, taken with `process.getBuiltinModule` rather than imported:
 * a browser build holds no `node:` import. Undefined on a runtime without it (nothing is published).
 */
export function diagnosticsChannelModule<Module>(): Module | undefined {
  try {
    const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return process?.getBuiltinModule?.('node:diagnostics_channel') as Module | undefined;
  } catch {
    return undefined;
  }
}
