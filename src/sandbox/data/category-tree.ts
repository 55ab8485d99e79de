import type { LayoutMode } from './types.js';

/** One node of the fixed category tree; ids and names follow the recorded service where it shows them. */
export interface CategoryNode {
  id: number;
  parent: number;
  name: string;
  code: string;
  slug: string;
  layout: LayoutMode;
  fashion?: boolean;
  manufacturerTitle?: string;
  unitPriceLabel?: string;
}

export const ROOT_CATEGORY_ID = 76;
export const BIG_LEAF_ID = 40;

export const CATEGORY_TREE: readonly CategoryNode[] = [
  { id: 76, parent: 0, name: 'Όλες οι κατηγορίες', code: 'root', slug: 'oles-oi-kathgories', layout: 'list' },
  { id: 1269, parent: 76, name: 'Τεχνολογία', code: 'technology', slug: 'texnologia', layout: 'tiles' },
  {
    id: 86,
    parent: 1269,
    name: 'Κινητή Τηλεφωνία',
    code: 'mobile-telephony',
    slug: 'kinhth-thlefwnia',
    layout: 'tiles',
  },
  { id: 40, parent: 86, name: 'Κινητά Τηλέφωνα', code: 'mobile', slug: 'kinhta-thlefwna', layout: 'list' },
  {
    id: 579,
    parent: 86,
    name: 'Θήκες Κινητών Τηλεφώνων',
    code: 'thikes-kinhtwn-thlefwnwn',
    slug: 'thikes-kinhtwn-thlefwnwn',
    layout: 'wide_tiles',
    fashion: true,
  },
  { id: 1912, parent: 1269, name: 'Wearables', code: 'wearables', slug: 'wearables', layout: 'tiles' },
  { id: 1705, parent: 1912, name: 'Smartwatches', code: 'smartwatch', slug: 'Smartwatches', layout: 'tiles' },
  {
    id: 1612,
    parent: 1269,
    name: 'Tablets & Αξεσουάρ',
    code: 'tablets-accessories',
    slug: 'tablets-aksesouar',
    layout: 'tiles',
  },
  { id: 1105, parent: 1612, name: 'Tablets', code: 'tablet', slug: 'tablet', layout: 'list' },
  {
    id: 1608,
    parent: 1612,
    name: 'Θήκες Tablet',
    code: 'tablet-cases',
    slug: 'thikes-tablet',
    layout: 'tiles',
  },
  { id: 22, parent: 1269, name: 'Υπολογιστές', code: 'computers', slug: 'ypologistes', layout: 'tiles' },
  {
    id: 27,
    parent: 22,
    name: 'Αναβάθμιση Υπολογιστή',
    code: 'pc-upgrade',
    slug: 'anavathmish-ypologisth',
    layout: 'tiles',
  },
  {
    id: 1716,
    parent: 27,
    name: 'Σκληροί Δίσκοι',
    code: 'hard-drives',
    slug: 'sklhroi-diskoi',
    layout: 'tiles',
  },
  {
    id: 88,
    parent: 1716,
    name: 'SSD Σκληροί Δίσκοι',
    code: 'esoterikoi-sklhroi-diskoi',
    slug: 'ssd-sklhroi-diskoi',
    layout: 'list',
    unitPriceLabel: 'GB',
  },
  {
    id: 89,
    parent: 1716,
    name: 'Εσωτερικοί Σκληροί Δίσκοι',
    code: 'hdd',
    slug: 'esoterikoi-sklhroi-diskoi-hdd',
    layout: 'list',
    unitPriceLabel: 'GB',
  },
  { id: 274, parent: 76, name: 'Μόδα', code: 'fashion', slug: 'moda', layout: 'tiles', fashion: true },
  {
    id: 252,
    parent: 274,
    name: 'Γυναικεία Μόδα',
    code: 'gynaikeia-moda',
    slug: 'gynaikeia-moda',
    layout: 'tiles',
    fashion: true,
  },
  {
    id: 372,
    parent: 252,
    name: 'Γυναικεία Παπούτσια',
    code: 'gynaikeia-ypodhmata',
    slug: 'gynaikeia-ypodhmata',
    layout: 'tiles',
    fashion: true,
    manufacturerTitle: 'Brands',
  },
  {
    id: 1351,
    parent: 372,
    name: 'Γυναικεία Sneakers',
    code: 'gynaikeia-sneakers',
    slug: 'gynaikeia-sneakers',
    layout: 'wide_tiles',
    fashion: true,
    manufacturerTitle: 'Brands',
  },
  {
    id: 283,
    parent: 252,
    name: 'Γυναικεία Ρούχα',
    code: 'gynaikeia-endysh',
    slug: 'gynaikeia-rouxa',
    layout: 'tiles',
    fashion: true,
  },
  {
    id: 1402,
    parent: 283,
    name: 'Γυναικεία Φορέματα',
    code: 'gynaikeia-foremata',
    slug: 'gynaikeia-foremata',
    layout: 'wide_tiles',
    fashion: true,
    manufacturerTitle: 'Brands',
  },
  { id: 33, parent: 76, name: 'Μηχανοκίνηση', code: 'automotive', slug: 'mhxanokinhsh', layout: 'tiles' },
  { id: 382, parent: 33, name: 'Μοτοσυκλέτα', code: 'moto', slug: 'motosykleta', layout: 'tiles' },
  {
    id: 577,
    parent: 382,
    name: 'Περιποίηση Μοτοσυκλέτας',
    code: 'moto-care',
    slug: 'peripoihsh-motosykletas',
    layout: 'tiles',
  },
  {
    id: 1257,
    parent: 577,
    name: 'Καθαρισμός & Περιποίηση Μοτοσυκλέτας',
    code: 'moto_cleaning',
    slug: 'moto_cleaning',
    layout: 'list',
  },
  {
    id: 1227,
    parent: 382,
    name: 'Λάδια & Λιπαντικά',
    code: 'moto-oils',
    slug: 'ladia-lipantika',
    layout: 'tiles',
  },
  {
    id: 1229,
    parent: 1227,
    name: 'Λιπαντικά Moto',
    code: 'moto_lub',
    slug: 'lipantika-moto',
    layout: 'list',
  },
  { id: 25, parent: 76, name: 'Σπίτι - Κήπος', code: 'home-garden', slug: 'spiti-khpos', layout: 'tiles' },
  {
    id: 643,
    parent: 25,
    name: 'Οικιακές Συσκευές',
    code: 'home-appliances',
    slug: 'oikiakes-syskeues',
    layout: 'tiles',
  },
  {
    id: 1133,
    parent: 643,
    name: 'Πλυντήρια Ρούχων',
    code: 'washing-machines',
    slug: 'plynthria-rouxwn',
    layout: 'list',
  },
  {
    id: 1205,
    parent: 643,
    name: 'Καφετιέρες Espresso',
    code: 'espresso-machines',
    slug: 'kafetieres-espresso',
    layout: 'tiles',
  },
];
