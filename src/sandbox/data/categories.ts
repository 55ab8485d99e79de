import { CATEGORY_TREE, type CategoryNode, ROOT_CATEGORY_ID } from './category-tree.js';
import { ORDER_DEFAULT } from './profile-helpers.js';
import type { LeafProfile } from './profile-types.js';
import type { Rng } from './random.js';
import { fileStamp } from './timestamps.js';
import type { CategoryRecord } from './types.js';

export function buildCategories(
  rng: Rng,
  profiles: readonly LeafProfile[],
  tree: readonly CategoryNode[] = CATEGORY_TREE,
): CategoryRecord[] {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const ancestry = (id: number): number[] => {
    const chain: number[] = [];
    for (let node = byId.get(id); node; node = byId.get(node.parent)) chain.unshift(node.id);
    return chain;
  };
  return tree.map((node) => {
    const children = tree.filter((other) => other.parent === node.id).length;
    const chain = ancestry(node.id);
    const profile = profiles.find((p) => p.categoryId === node.id);
    const leaf = children === 0;
    const fashion = node.fashion === true;
    return {
      id: node.id,
      name: node.name,
      children_count: children,
      image_url: `https://${rng.pick(['a', 'b', 'c', 'd'])}.img.sandbox.test/ds/categories/${node.id}/${fileStamp(rng, 2014, 2017)}_${rng.hex(8)}.jpg`,
      parent_id: node.parent,
      fashion,
      layout_mode: node.layout,
      web_uri: `https://www.sandbox.test/c/${node.id}/${node.slug}.html`,
      code: node.code,
      path: chain.join(','),
      show_specifications: leaf && !fashion,
      manufacturer_title: node.manufacturerTitle ?? 'Κατασκευαστές',
      // The family is the top-level category above this one (the root has none).
      family_id: node.id === ROOT_CATEGORY_ID ? null : (chain[1] ?? null),
      show_manufacturers_filter: leaf,
      adult: false,
      onclick_behaviour: fashion ? 'onclick_to_shop' : 'onclick_to_sku_page',
      show_spec_summary: leaf && !fashion,
      unit_price_label: node.unitPriceLabel ?? null,
      reviewable: !fashion,
      comparable: leaf && !fashion,
      order_by_methods: { ...(profile?.orderBy ?? ORDER_DEFAULT) },
      default_order_by: profile?.defaultOrder ?? 'popularity',
    };
  });
}
