import { code, fromLists, ORDER_DEFAULT } from './profile-helpers.js';
import type { LeafProfile } from './profile-types.js';

const SNEAKER_MODELS: Readonly<Record<string, readonly string[]>> = {
  Nike: [
    'Air Max 90',
    "Air Force 1 '07",
    'Court Vision Low',
    'Revolution 6',
    'Air Max 270',
    "Blazer Mid '77",
    'Dunk Low',
  ],
  Adidas: ['Superstar', 'Stan Smith', 'Gazelle', 'Grand Court 2.0', 'Ultraboost Light', 'Forum Low'],
  Puma: ['Suede Classic XXI', 'Cali Dream', 'Carina 2.0', 'Smash v2', 'RS-X'],
  Converse: ['Chuck Taylor All Star', 'Run Star Hike', 'Chuck 70'],
  Skechers: ["D'Lites", 'Go Walk 6', 'Uno', 'Arch Fit'],
};

export const SNEAKERS: LeafProfile = {
  categoryId: 1351,
  skus: [45, 70],
  price: [30, 220],
  priceBands: [50, 80, 120],
  manufacturers: Object.keys(SNEAKER_MODELS),
  model: fromLists(SNEAKER_MODELS),
  variantFormat: 'bare',
  groups: ['Χαρακτηριστικά'],
  specs: [
    {
      name: 'Χρώμα',
      group: 'Χαρακτηριστικά',
      values: ['Λευκό', 'Μαύρο', 'Μπεζ', 'Ροζ', 'Γκρι', 'Μπλε'],
      filter: 2,
      variant: true,
    },
    { name: 'Υλικό', group: 'Χαρακτηριστικά', values: ['Δέρμα', 'Ύφασμα', 'Συνθετικό', 'Σουέτ'], filter: 2 },
    { name: 'Ύψος', group: 'Χαρακτηριστικά', values: ['Low', 'Mid', 'High'], filter: 2 },
  ],
  sizes: ['36', '36.5', '37', '37.5', '38', '38.5', '39', '40', '40.5', '41'],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'popularity',
  partNumber: (rng) => code(rng, 'AA9999-999'),
};

export const DRESSES: LeafProfile = {
  categoryId: 1402,
  skus: [30, 50],
  price: [14, 95],
  priceBands: [25, 40, 60],
  manufacturers: ['Vero Moda', 'Only'],
  model: (rng) =>
    `${rng.pick(['Μίνι Φόρεμα', 'Midi Φόρεμα', 'Maxi Φόρεμα', 'Φόρεμα Σεμιζιέ', 'Κρουαζέ Φόρεμα', 'Πλεκτό Φόρεμα'])} ${code(rng, '10299999')}`,
  variantFormat: 'bare',
  groups: ['Χαρακτηριστικά'],
  specs: [
    {
      name: 'Χρώμα',
      group: 'Χαρακτηριστικά',
      values: ['Μαύρο', 'Λευκό', 'Κόκκινο', 'Μπλε', 'Εμπριμέ'],
      filter: 2,
      variant: true,
    },
    { name: 'Μήκος', group: 'Χαρακτηριστικά', values: ['Mini', 'Midi', 'Maxi'], filter: 2 },
    { name: 'Μανίκι', group: 'Χαρακτηριστικά', values: ['Αμάνικο', 'Κοντό', 'Μακρύ'], filter: 2 },
    {
      name: 'Ύφασμα',
      group: 'Χαρακτηριστικά',
      values: ['Βισκόζη', 'Βαμβάκι', 'Πολυεστέρας', 'Λινό'],
      filter: 2,
    },
  ],
  sizes: ['XS', 'S', 'M', 'L', 'XL'],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'popularity',
  partNumber: () => '',
};

const CARE_MODELS: Readonly<Record<string, readonly string[]>> = {
  Motul: [
    'MC Care M1 Helmet & Visor Clean',
    'MC Care C1 Chain Clean',
    'MC Care E2 Moto Wash',
    'MC Care E5 Shine & Go',
  ],
  "Meguiar's": ['Ultimate Wash & Wax', 'Gold Class Car Wash', 'Quik Detailer', 'Ultimate Quik Wax'],
  'Liqui Moly': ['Motorbike Chain Cleaner', 'Motorbike Quick Cleaner', 'Motorbike Helmet Cleaner'],
};

export const MOTO_CARE: LeafProfile = {
  categoryId: 1257,
  skus: [20, 35],
  price: [4, 40],
  priceBands: [8, 15, 25],
  manufacturers: Object.keys(CARE_MODELS),
  model: fromLists(CARE_MODELS),
  groups: ['Χαρακτηριστικά'],
  specs: [
    {
      name: 'Τύπος',
      group: 'Χαρακτηριστικά',
      values: ['Καθαριστικό', 'Γυαλιστικό', 'Κερί', 'Σπρέι Αλυσίδας'],
      summary: '',
      filter: 2,
    },
    {
      name: 'Συσκευασία',
      unit: 'ml',
      group: 'Χαρακτηριστικά',
      values: ['250', '400', '500', '1000'],
      summary: 'Συσκευασία',
      filter: 2,
      variant: true,
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'pricevat',
  partNumber: (rng) => (rng.chance(0.6) ? code(rng, '999999') : ''),
};

const OIL_MODELS: Readonly<Record<string, readonly string[]>> = {
  Motul: [
    '7100 4T 10W-40',
    '5100 4T 10W-40',
    '300V Factory Line 10W-40',
    '3000 4T 20W-50',
    '710 2T',
    '800 2T Factory Line',
  ],
  Castrol: ['Power1 4T 10W-40', 'Power1 Racing 4T 10W-50', 'Actevo 4T 10W-40', 'Power1 2T'],
  'Liqui Moly': ['Motorbike 4T 10W-40 Street', 'Motorbike 4T Synth 5W-40', 'Motorbike 2T Street'],
};

export const MOTO_OILS: LeafProfile = {
  categoryId: 1229,
  skus: [20, 35],
  price: [6, 80],
  priceBands: [12, 25, 45],
  manufacturers: Object.keys(OIL_MODELS),
  model: fromLists(OIL_MODELS),
  groups: ['Χαρακτηριστικά'],
  specs: [
    {
      name: 'Τύπος',
      group: 'Χαρακτηριστικά',
      values: ['Συνθετικό', 'Ημισυνθετικό', 'Ορυκτό'],
      summary: '',
      filter: 2,
    },
    {
      name: 'Συσκευασία',
      unit: 'L',
      group: 'Χαρακτηριστικά',
      values: ['1', '4', '60'],
      summary: 'Συσκευασία',
      filter: 2,
      variant: true,
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'pricevat',
  partNumber: (rng) => (rng.chance(0.6) ? code(rng, '999999') : ''),
};

const WASHER_BRANDS = ['Bosch', 'AEG', 'Miele', 'LG', 'Samsung'] as const;

export const WASHING_MACHINES: LeafProfile = {
  categoryId: 1133,
  skus: [30, 50],
  price: [280, 1500],
  priceBands: [400, 600, 900],
  manufacturers: WASHER_BRANDS,
  model: (rng, manufacturer) => {
    if (manufacturer === 'Bosch') return `Serie ${rng.pick(['4', '6', '8'])} ${code(rng, 'WAN99999GR')}`;
    if (manufacturer === 'AEG') return code(rng, 'L9FE99999');
    if (manufacturer === 'Miele') return code(rng, 'WCD 999 WCS');
    if (manufacturer === 'LG') return code(rng, 'F4R9099AAW');
    return code(rng, 'WW99T999AAW');
  },
  groups: ['Βασικά Χαρακτηριστικά', 'Κατανάλωση'],
  specs: [
    {
      name: 'Χωρητικότητα',
      unit: 'kg',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['7', '8', '9', '10', '11'],
      summary: 'Χωρητικότητα',
      filter: 2,
      variant: true,
    },
    {
      name: 'Στροφές Στυψίματος',
      unit: 'rpm',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['1000', '1200', '1400', '1600'],
      summary: 'Στροφές',
      filter: 2,
    },
    {
      name: 'Ενεργειακή Κλάση',
      group: 'Κατανάλωση',
      values: ['A', 'B', 'C', 'D'],
      summary: 'Ενεργειακή Κλάση',
      filter: 2,
    },
    { name: 'Inverter Μοτέρ', group: 'Βασικά Χαρακτηριστικά', values: ['Ναι', 'Όχι'], filter: 2 },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'pricevat',
  partNumber: () => '',
};

const ESPRESSO_MODELS: Readonly<Record<string, readonly string[]>> = {
  "De'Longhi": [
    'Dedica EC685',
    'Magnifica S ECAM22.110',
    'Magnifica Evo ECAM290',
    'Eletta Explore',
    'Stilosa EC230',
    'La Specialista Arte EC9155',
  ],
  Bosch: ['Tassimo Vivy 2', 'Tassimo My Way 2', 'Tassimo Style', 'VeroCafe Series 2', 'Series 4 TIS30321RW'],
  Miele: ['CM 5310 Silence', 'CM 6160 MilkPerfection', 'CM 7750 CoffeeSelect'],
};

export const ESPRESSO: LeafProfile = {
  categoryId: 1205,
  skus: [25, 40],
  price: [250, 700],
  modelPrices: [
    { pattern: /Miele|Specialista|Eletta/, price: [700, 1900] },
    { pattern: /Tassimo|Stilosa|Dedica/, price: [60, 190] },
  ],
  priceBands: [150, 400, 800],
  manufacturers: Object.keys(ESPRESSO_MODELS),
  model: fromLists(ESPRESSO_MODELS),
  variantFormat: 'bare',
  groups: ['Βασικά Χαρακτηριστικά'],
  specs: [
    {
      name: 'Τύπος',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['Espresso', 'Αυτόματη', 'Κάψουλας'],
      summary: '',
      filter: 3,
    },
    {
      name: 'Πίεση',
      unit: 'bar',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['15', '19'],
      summary: 'Πίεση',
      filter: 2,
    },
    {
      name: 'Χωρητικότητα Δοχείου',
      unit: 'L',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['0.8', '1.1', '1.4', '1.8'],
      summary: 'Δοχείο',
    },
    {
      name: 'Χρώμα',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['Μαύρο', 'Ασημί', 'Λευκό', 'Κόκκινο'],
      filter: 2,
      variant: true,
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'popularity',
  partNumber: (rng) => (rng.chance(0.5) ? code(rng, '0132999999') : ''),
};
