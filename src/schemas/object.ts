import * as z from 'zod/mini';
import * as core from 'zod/v4/core';

type Init = (inst: object, def: object) => void;

/**
 * zod/mini's `z.object`, on zod's JIT object parser. zod/mini builds objects on the interpreted
 * parser to stay small, and that checks a 25-SKU page in about 1.4x the time of its JSON.parse;
 * the JIT parser (the one zod classic uses, already part of zod's core) does it in about 0.35x.
 * zod exposes no option for this, hence this small constructor, which mirrors zod/mini's own.
 * Where `new Function` is not allowed (a strict CSP) zod falls back to the interpreter by itself.
 */
const ZodMiniObjectJIT = core.$constructor('ZodMiniObject', (inst: object, def: object) => {
  (core.$ZodObjectJIT.init as Init)(inst, def);
  (z.ZodMiniType.init as Init)(inst, def);
  // `shape` as zod/mini has it, read from the def (which z.extend and friends may define lazily).
  // Not through `core.util`: reaching into that namespace keeps all of zod's util in a bundle (+3.5 KB).
  Object.defineProperty(inst, 'shape', {
    get: () => (def as { shape: unknown }).shape,
    configurable: true,
  });
});

export function object<Shape extends core.$ZodLooseShape>(shape: Shape): z.ZodMiniObject<Shape, core.$strip> {
  return new ZodMiniObjectJIT({ type: 'object', shape }) as unknown as z.ZodMiniObject<Shape, core.$strip>;
}
