import { bands, code, expand, fromLists, ORDER_DEFAULT, ORDER_WITH_NEWEST } from './profile-helpers.js';
import type { LeafProfile } from './profile-types.js';

const TABLET_MODELS: Readonly<Record<string, readonly string[]>> = {
  Samsung: [
    'Galaxy Tab A8 10.5"',
    'Galaxy Tab A9+ 11"',
    'Galaxy Tab S8 11"',
    'Galaxy Tab S9 FE 10.9"',
    'Galaxy Tab S9 Ultra 14.6"',
  ],
  Apple: [
    'iPad 2021 10.2"',
    'iPad 2022 10.9"',
    'iPad Air 2022 10.9"',
    'iPad Pro 2022 11"',
    'iPad mini 2021 8.3"',
  ],
  Lenovo: ['Tab M8 8"', 'Tab M10 Plus 10.6"', 'Tab P11 11"', 'Tab P12 12.7"'],
  Huawei: ['MatePad 11 11"', 'MatePad T10s 10.1"', 'MatePad SE 10.4"'],
  Xiaomi: ['Pad 5 11"', 'Pad 6 11"', 'Redmi Pad SE 11"'],
  Alcatel: ['1T 7 7"', '3T 8 8"'],
};

/** Tablet tiers by model (as their prices): the first matching `manufacturer model` wins. */
const TABLET_PREMIUM = /iPad Pro|Tab S9 Ultra/;
const TABLET_UPPER = /iPad Air|Tab S8|Tab S9 FE|Tab P12|Pad 6|MatePad 11/;
const TABLET_ENTRY = /Tab A8|Tab M8|Tab M10|MatePad T|MatePad SE|Redmi Pad|Alcatel/;

export const TABLETS: LeafProfile = {
  categoryId: 1105,
  skus: [45, 70],
  price: [180, 420],
  modelPrices: [
    { pattern: /iPad Pro|Tab S9 Ultra/, price: [950, 1650] },
    { pattern: /iPad Air|Tab S8|Tab S9 FE|Tab P12|Pad 6|MatePad 11/, price: [420, 800] },
    { pattern: /Tab A8|Tab M8|Tab M10|MatePad T|MatePad SE|Redmi Pad|Alcatel/, price: [80, 230] },
  ],
  priceBands: [200, 400, 800],
  manufacturers: Object.keys(TABLET_MODELS),
  model: fromLists(TABLET_MODELS),
  groups: ['Βασικά Χαρακτηριστικά', 'Μνήμη', 'Συνδεσιμότητα'],
  specs: [
    {
      name: 'Λειτουργικό Σύστημα',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['Android'],
      byManufacturer: { Apple: ['iPadOS'], Huawei: ['HarmonyOS'] },
      summary: 'Λειτουργικό',
      filter: 3,
    },
    {
      name: 'Εσωτερική Μνήμη RAM',
      unit: 'GB',
      group: 'Μνήμη',
      values: ['3', '4', '6'],
      byModel: [
        { pattern: TABLET_PREMIUM, values: ['8'] },
        { pattern: TABLET_UPPER, values: ['6', '8'] },
        { pattern: TABLET_ENTRY, values: ['2', '3', '4'] },
      ],
      summary: 'RAM',
      filter: 2,
    },
    {
      name: 'Χωρητικότητα',
      unit: 'GB',
      group: 'Μνήμη',
      values: ['64', '128', '256'],
      byModel: [
        { pattern: TABLET_PREMIUM, values: ['128', '256'] },
        { pattern: TABLET_UPPER, values: ['128', '256'] },
        { pattern: TABLET_ENTRY, values: ['32', '64', '128'] },
      ],
      summary: 'Μνήμη Αποθήκευσης',
      filter: 2,
      variant: true,
    },
    {
      name: 'Συνδεσιμότητα',
      group: 'Συνδεσιμότητα',
      values: ['WiFi', 'WiFi', 'WiFi + 4G', 'WiFi + 5G'],
      summary: 'Δίκτυο',
      filter: 2,
    },
  ],
  orderBy: ORDER_WITH_NEWEST,
  defaultOrder: 'pricevat',
  partNumber: (rng) => (rng.chance(0.7) ? code(rng, 'AA-A999AAA') : ''),
};

const TABLET_CASE_TYPES: Readonly<Record<string, readonly string[]>> = {
  Spigen: ['Rugged Armor Pro', 'Urban Fit', 'Liquid Air Folio'],
  Samsung: ['Book Cover', 'Keyboard Cover', 'Smart Book Cover'],
  Apple: ['Smart Folio', 'Magic Keyboard'],
  Lenovo: ['Folio Case', 'Keyboard Pack'],
};

/** The tablets each maker's cases are for (see PHONE_CASE_DEVICES): six each. */
const TABLET_CASE_DEVICES: Readonly<Record<string, readonly string[]>> = {
  Spigen: ['iPad 10.9"', 'iPad Air', 'Galaxy Tab S9', 'Galaxy Tab A8', 'Tab P11', 'Tab M10'],
  Samsung: expand(['Galaxy Tab S9'], ['', '+', ' Ultra', ' FE']).concat(['Galaxy Tab A8', 'Galaxy Tab A9+']),
  Apple: ['iPad 10.9"', 'iPad Air 11"', 'iPad Air 13"', 'iPad Pro 11"', 'iPad Pro 13"', 'iPad Pro 12.9"'],
  Lenovo: ['Tab P11', 'Tab P11 Pro', 'Tab P12', 'Tab M10', 'Tab M10 Plus', 'Tab M11'],
};

export const TABLET_CASES: LeafProfile = {
  categoryId: 1608,
  skus: [25, 40],
  price: [15, 420],
  // A keyboard costs what a keyboard costs; a folio what a folio does.
  modelPrices: [
    { pattern: /Magic Keyboard/, price: [290, 420] },
    { pattern: /Keyboard Cover/, price: [140, 260] },
    { pattern: /Keyboard Pack/, price: [70, 130] },
    { pattern: /Smart Folio/, price: [70, 110] },
    { pattern: /Book Cover/, price: [30, 70] },
    { pattern: /^Spigen/, price: [16, 45] },
    { pattern: /Folio Case/, price: [18, 40] },
  ],
  priceBands: [20, 50, 100],
  manufacturers: Object.keys(TABLET_CASE_TYPES),
  model: (rng, manufacturer) =>
    `${rng.pick(TABLET_CASE_TYPES[manufacturer] ?? ['Case'])} για ${rng.pick(TABLET_CASE_DEVICES[manufacturer] ?? [])}`,
  variantFormat: 'bare',
  groups: ['Χαρακτηριστικά'],
  specs: [
    {
      name: 'Τύπος',
      group: 'Χαρακτηριστικά',
      values: ['Flip Cover', 'Back Cover', 'Με Πληκτρολόγιο'],
      // A keyboard case is one with a keyboard; a folio or a book cover opens like a book.
      byModel: [
        { pattern: /Keyboard/, values: ['Με Πληκτρολόγιο'] },
        { pattern: /Folio|Book/, values: ['Flip Cover'] },
      ],
      summary: '',
      filter: 2,
    },
    {
      name: 'Χρώμα',
      group: 'Χαρακτηριστικά',
      values: ['Μαύρο', 'Μπλε', 'Γκρι', 'Ροζ'],
      filter: 2,
      variant: true,
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'popularity',
  partNumber: (rng) => (rng.chance(0.5) ? code(rng, 'AAA99999') : ''),
};

const SSD_MODELS: Readonly<Record<string, readonly string[]>> = {
  Samsung: ['870 EVO', '980', '980 Pro', '990 Pro', '970 EVO Plus'],
  Kingston: ['A400', 'NV2', 'KC3000', 'Fury Renegade'],
  Crucial: ['MX500', 'P3', 'P3 Plus', 'P5 Plus', 'BX500'],
  'Western Digital': ['Blue SA510', 'Blue SN580', 'Black SN770', 'Black SN850X', 'Green SN350'],
  Seagate: ['BarraCuda 510', 'FireCuda 530'],
};

/** SSDs by their interface, as each model is sold: SATA, NVMe over PCIe 3.0 or 4.0. */
const SATA = /870 EVO|A400|MX500|BX500|Blue SA510/;
const PCIE4 =
  /980 Pro|990 Pro|KC3000|Fury Renegade|P3 Plus|P5 Plus|Blue SN580|Black SN770|Black SN850X|FireCuda 530/;
/** The value lists of one spec per interface; a model of neither list is NVMe over PCIe 3.0. */
function byInterface(sata: readonly string[], pcie4: readonly string[]) {
  return [
    { pattern: SATA, values: sata },
    { pattern: PCIE4, values: pcie4 },
  ];
}

export const SSDS: LeafProfile = {
  categoryId: 88,
  skus: [55, 80],
  price: [18, 420],
  priceBands: [50, 100, 200],
  manufacturers: Object.keys(SSD_MODELS),
  model: fromLists(SSD_MODELS),
  groups: ['Βασικά Χαρακτηριστικά', 'Επιδόσεις'],
  specs: [
    {
      name: 'Χωρητικότητα',
      unit: 'GB',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['250', '500', '1000', '2000'],
      byModel: [
        // Budget SATA drives come in the older 240/480/960 GB sizes.
        { pattern: /A400|BX500/, values: ['240', '480', '960'] },
        ...byInterface(['250', '500', '1000', '2000'], ['500', '1000', '2000', '4000']),
      ],
      summary: 'Χωρητικότητα',
      filter: 2,
      variant: true,
    },
    {
      name: 'Form Factor',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['M.2 2280'],
      byModel: byInterface(['2.5"'], ['M.2 2280']),
      summary: 'Form Factor',
      filter: 2,
    },
    {
      name: 'Interface',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['PCI Express 3.0'],
      byModel: byInterface(['SATA III'], ['PCI Express 4.0']),
      summary: 'Interface',
      filter: 2,
    },
    {
      name: 'Ταχύτητα Ανάγνωσης',
      unit: 'MB/s',
      group: 'Επιδόσεις',
      values: ['2100', '3500'],
      byModel: byInterface(['500', '550'], ['5000', '7300']),
      summary: 'Ανάγνωση',
      bands: { group: 'Ταχύτητα Ανάγνωσης', bands: bands([1000, 4000], ' MB/s') },
    },
  ],
  orderBy: ORDER_WITH_NEWEST,
  defaultOrder: 'pricevat',
  partNumber: (rng) => (rng.chance(0.85) ? code(rng, 'AA-9A9AAA9999A') : ''),
};

const HDD_MODELS: Readonly<Record<string, readonly string[]>> = {
  'Western Digital': ['Blue', 'Red Plus', 'Purple', 'Black'],
  Seagate: ['BarraCuda', 'IronWolf', 'SkyHawk', 'Exos 7E10'],
  Toshiba: ['P300', 'N300', 'X300', 'S300'],
};

export const HDDS: LeafProfile = {
  categoryId: 89,
  skus: [30, 50],
  price: [38, 380],
  priceBands: [60, 120, 250],
  manufacturers: Object.keys(HDD_MODELS),
  model: fromLists(HDD_MODELS),
  groups: ['Βασικά Χαρακτηριστικά'],
  specs: [
    {
      name: 'Χωρητικότητα',
      unit: 'TB',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['1', '2', '3', '4', '6', '8', '12'],
      summary: 'Χωρητικότητα',
      filter: 2,
      variant: true,
    },
    { name: 'Form Factor', group: 'Βασικά Χαρακτηριστικά', values: ['3.5"', '2.5"'], summary: '', filter: 2 },
    {
      name: 'Ταχύτητα Περιστροφής',
      unit: 'rpm',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['5400', '5900', '7200'],
      summary: 'Στροφές',
      filter: 2,
    },
    {
      name: 'Cache',
      unit: 'MB',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['64', '128', '256'],
      summary: 'Cache',
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'pricevat',
  partNumber: (rng) => (rng.chance(0.85) ? code(rng, 'AA9999AAAA') : ''),
};
