import { CATEGORY_TREE, type CategoryNode } from './category-tree.js';
import type { LeafProfile } from './profile-types.js';
import { LEAF_PROFILES } from './profiles.js';
import { slugify } from './slug.js';

/**
 * What a shop lists beside a category's main leaf: the same kind of goods sorted by how they are
 * sold. A sibling leaf is named `{leaf} {segment}` (`Κινητά Τηλέφωνα Outlet`).
 */
const SEGMENTS: readonly string[] = [
  'Outlet',
  'Refurbished',
  'Προσφορές',
  'Νέες Αφίξεις',
  'Premium',
  'Οικονομικά',
  'Επαγγελματικά',
  'Εκθεσιακά',
  'Μεταχειρισμένα',
  'Πακέτα',
  'Limited Edition',
  'Eco',
  'Δώρα',
  'Best Sellers',
  'Εισαγωγής',
  'Ελληνικής Αντιπροσωπείας',
  'Χονδρικής',
  'Black Friday',
  'Εποχιακά',
  'Για Φοιτητές',
  'Για Επαγγελματίες',
  'Clearance',
  'Pre-order',
  'Online Αποκλειστικά',
  'Με Δόσεις',
];

/** Sibling leaves take ids in a block of their own: 3000 + profile x 100 + replica (replica < 100). */
const SIBLING_ID_BASE = 3000;

export interface ScaledTree {
  tree: CategoryNode[];
  profiles: LeafProfile[];
}

/**
 * The default tree plus `scale - 1` sibling leaves of each leaf, under the same parent, each with
 * its leaf's model profile (manufacturers, specs, price tiers) and an id of its own.
 */
export function scaledTree(scale: number): ScaledTree {
  const tree: CategoryNode[] = [...CATEGORY_TREE];
  const profiles: LeafProfile[] = [...LEAF_PROFILES];
  LEAF_PROFILES.forEach((profile, index) => {
    const leaf = CATEGORY_TREE.find((node) => node.id === profile.categoryId);
    if (!leaf) throw new Error(`sandbox data: no tree node for profile ${profile.categoryId}`);
    for (let replica = 1; replica < scale; replica++) {
      const segment = segmentName(replica - 1);
      const id = SIBLING_ID_BASE + index * 100 + replica;
      tree.push({
        ...leaf,
        id,
        name: `${leaf.name} ${segment}`,
        code: `${leaf.code}-${slugify(segment).toLowerCase()}`,
        slug: `${leaf.slug}-${slugify(segment).toLowerCase()}`,
      });
      profiles.push({ ...profile, categoryId: id });
    }
  });
  return { tree, profiles };
}

/** The n-th segment; past the list, the list again with a number (`Outlet 2`). */
function segmentName(n: number): string {
  const round = Math.floor(n / SEGMENTS.length);
  const name = SEGMENTS[n % SEGMENTS.length] as string;
  return round === 0 ? name : `${name} ${round + 1}`;
}
