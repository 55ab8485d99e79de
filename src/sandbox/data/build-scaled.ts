import { buildCatalog } from './build.js';
import { scaledTree } from './scaled-tree.js';
import type { SandboxData } from './types.js';

/**
 * A catalog about `scale` times the default: the default tree with sibling leaves, each generated
 * by the default builders from its leaf's profile. Pure, like `buildData`.
 */
export function buildScaledData(seed: number, scale: number): SandboxData {
  const { tree, profiles } = scaledTree(scale);
  return buildCatalog(seed, tree, profiles);
}
