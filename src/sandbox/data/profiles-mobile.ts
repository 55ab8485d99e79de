import { bands, code, expand, fromLists, ORDER_DEFAULT, ORDER_WITH_NEWEST } from './profile-helpers.js';
import type { LeafProfile } from './profile-types.js';

const STORAGE = ['16', '32', '64', '128', '256', '512'];

/**
 * Phone tiers by model, tested on `manufacturer model` in this order (the first match wins); the
 * specs of a model take the values of its tier, so a feature phone has no 12 GB of RAM.
 */
const FEATURE = /Nokia (105|110 4G|3310|8210 4G)|Alcatel (1066D|2053D)/;
/** Small phones of the 4" years. */
const COMPACT = /iPhone 5S|Xperia E1|Galaxy Trend 2 Lite|Pixi 4/;
const FLAGSHIP =
  /Fold|Flip|Ultra|Pro Max|iPhone 1[1-5]|Galaxy S2[0-4]|Xperia [15] |OnePlus 1[0-2]|Edge 50 Pro|Velvet|V60|G8s|GT 3|P[345]0 Pro|Magic/;
const BUDGET =
  /Galaxy A1|Galaxy M13|Redmi 1[023]|Moto [GE]1|Moto G24|Blade [AL]|Nokia C|Y6 2019|X6a|X7a|Alcatel|Leagoo|Oukitel C|Realme C|iPhone 6s|Galaxy S7|Xperia XA2|LG K[46]2|Nokia G2/;

/** A spec's values per tier; models of no tier above are mid-range (`mid`). */
function byTier(tiers: {
  feature: readonly string[];
  compact: readonly string[];
  flagship: readonly string[];
  budget: readonly string[];
}) {
  return [
    { pattern: FEATURE, values: tiers.feature },
    { pattern: COMPACT, values: tiers.compact },
    { pattern: FLAGSHIP, values: tiers.flagship },
    { pattern: BUDGET, values: tiers.budget },
  ];
}

const PHONE_MODELS: Readonly<Record<string, readonly string[]>> = {
  Samsung: [
    ...expand(
      ['Galaxy A'],
      ['12', '13', '14', '15', '22', '23', '25', '32', '33', '34', '35', '52', '53', '54', '55'],
    ),
    ...expand(
      ['Galaxy S20', 'Galaxy S21', 'Galaxy S22', 'Galaxy S23', 'Galaxy S24'],
      ['', '+', ' Ultra', ' FE'],
    ),
    ...expand(['Galaxy M'], ['13', '23', '33', '53']),
    'Galaxy Z Flip5',
    'Galaxy Z Fold5',
    'Galaxy Trend 2 Lite',
    'Galaxy S7 Edge Duos',
  ],
  Apple: [
    ...expand(
      ['iPhone 11', 'iPhone 12', 'iPhone 13', 'iPhone 14', 'iPhone 15'],
      ['', ' Pro', ' Pro Max', ' mini', ' Plus'],
    ),
    'iPhone SE 2020',
    'iPhone SE 2022',
    'iPhone 5S',
    'iPhone 6s',
    'iPhone XR',
  ],
  Xiaomi: [
    ...expand(
      ['Redmi Note 10', 'Redmi Note 11', 'Redmi Note 12', 'Redmi Note 13'],
      ['', ' Pro', ' Pro+', 'S'],
    ),
    ...expand(['Redmi 10', 'Redmi 12', 'Redmi 13'], ['', 'C', 'A']),
    ...expand(['Poco X5', 'Poco X6', 'Poco F5', 'Poco M6'], ['', ' Pro']),
    'Mi 11 Lite',
  ],
  Huawei: [
    ...expand(['P30', 'P40', 'P50'], ['', ' Lite', ' Pro']),
    ...expand(['Nova '], ['9', '10', '11', '11i']),
    'Y6 2019',
  ],
  Honor: ['70', '90', '200', 'Magic5 Lite', 'Magic6 Lite', 'X6a', 'X7a', 'X8a'],
  Motorola: [
    ...expand(['Moto G'], ['14', '24', '34', '54', '84', '73']),
    ...expand(['Edge 40', 'Edge 50'], ['', ' Neo', ' Pro']),
    'Moto E13',
  ],
  Nokia: ['G21', 'G22', 'G42', 'C21', 'C32', 'X30', '105', '110 4G', '3310', '8210 4G'],
  Sony: expand(['Xperia 1', 'Xperia 5', 'Xperia 10'], [' IV', ' V']).concat(['Xperia E1', 'Xperia XA2']),
  Alcatel: ['OneTouch Pixi 4 (4)', '1S', '1SE', '3L', '1B', '2053D', '1066D'],
  ZTE: ['Blade A31', 'Blade A52', 'Blade A72', 'Blade V40', 'Blade V50', 'Blade L110'],
  Realme: ['11', '12', 'C53', 'C55', 'C67', 'GT 3', '11 Pro+'],
  OnePlus: ['10 Pro', '11', '12', 'Nord 3', 'Nord CE 3 Lite', 'Nord CE 4', 'Nord N30'],
  Oukitel: ['C1', 'C21', 'C33', 'WP19', 'WP21', 'WP22'],
  Leagoo: ['Z1', 'M13', 'S11', 'Power 5', 'T8s'],
  LG: ['K42', 'K52', 'K62', 'Velvet', 'G8s ThinQ', 'V60 ThinQ'],
};

export const PHONES: LeafProfile = {
  categoryId: 40,
  skus: 340,
  price: [180, 450],
  modelPrices: [
    { pattern: /Fold/, price: [1500, 1900] },
    { pattern: /Ultra|Pro Max|Flip/, price: [1000, 1450] },
    { pattern: /iPhone 1[45]|Galaxy S2[34]|Xperia 1 /, price: [780, 1250] },
    {
      pattern:
        /iPhone 1[1-3]|Galaxy S2[0-2]|Xperia 5|OnePlus 1[0-2]|Edge 50 Pro|Velvet|V60|G8s|GT 3|Magic|Honor (70|90|200)|P[345]0 Pro/,
      price: [480, 950],
    },
    { pattern: /Nokia (105|110 4G|3310|8210 4G)|1066D|2053D|Pixi|Trend 2 Lite|Xperia E1/, price: [19, 70] },
    {
      pattern:
        /Galaxy A1|Galaxy M13|Redmi 1[023]|Moto [GE]1|Moto G24|Blade [AL]|Nokia C|Y6 2019|X6a|X7a|Alcatel|Leagoo|Oukitel C|Realme C|iPhone 5S|iPhone 6s|Galaxy S7/,
      price: [75, 190],
    },
  ],
  priceBands: [100, 200, 400, 700],
  manufacturers: Object.keys(PHONE_MODELS),
  model: fromLists(PHONE_MODELS),
  groups: [
    'Βασικά Χαρακτηριστικά',
    'Επεξεργαστής & Μνήμη ',
    'Οθόνη',
    'Κάμερα',
    'Δίκτυο & Συνδεσιμότητα',
    'Μπαταρία',
    'Μέγεθος & Βάρος',
  ],
  specs: [
    {
      name: 'Τύπος Κινητού',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['SmartPhone'],
      byModel: [{ pattern: FEATURE, values: ['Feature Phone'] }],
      summary: '',
      filter: 2,
    },
    {
      name: 'Τύπος SIM',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['Single', 'Dual'],
      summary: 'SIM',
      filter: 2,
    },
    {
      name: 'Μέγεθος Οθόνης',
      unit: '"',
      group: 'Οθόνη',
      values: ['6.4', '6.5', '6.7'],
      byModel: byTier({
        feature: ['1.8', '2.4', '2.8'],
        compact: ['4'],
        flagship: ['6.1', '6.4', '6.7', '6.8'],
        budget: ['5.5', '6.1', '6.5'],
      }),
      summary: 'Οθόνη',
      bands: { group: 'Μέγεθος Οθόνης', bands: bands([5.5, 6.5], '"') },
    },
    {
      name: 'Πυρήνες Επεξεργαστή',
      group: 'Επεξεργαστής & Μνήμη ',
      values: ['8', '4+4', '2+6'],
      byModel: byTier({ feature: ['1'], compact: ['2', '4'], flagship: ['8', '2+6'], budget: ['4', '8'] }),
      summary: 'Πυρήνες CPU',
    },
    {
      name: 'Εσωτερική Μνήμη RAM',
      unit: 'GB',
      group: 'Επεξεργαστής & Μνήμη ',
      values: ['4', '6', '8'],
      byModel: [
        // iPhones have less RAM than Android flagships of their years.
        { pattern: /iPhone 1[1-5]/, values: ['4', '6', '8'] },
        ...byTier({
          // 48 and 64 MB, as these phones have.
          feature: ['0.048', '0.064'],
          compact: ['1', '2'],
          flagship: ['8', '12'],
          budget: ['2', '3', '4'],
        }),
      ],
      summary: 'RAM',
      filter: 2,
    },
    {
      name: 'Εσωτερική Μνήμη Αποθήκευσης',
      unit: 'GB',
      group: 'Επεξεργαστής & Μνήμη ',
      values: ['64', '128', '256'],
      byModel: byTier({
        feature: ['0.128'],
        compact: ['16', '32'],
        flagship: ['128', '256', '512'],
        budget: STORAGE.slice(0, 3),
      }),
      summary: 'Μνήμη Αποθήκευσης',
      filter: 2,
      variant: true,
    },
    {
      name: 'Δίκτυο Σύνδεσης',
      group: 'Δίκτυο & Συνδεσιμότητα',
      values: ['4G', '5G'],
      byModel: byTier({ feature: ['2G', '4G'], compact: ['3G', '4G'], flagship: ['5G'], budget: ['4G'] }),
      summary: 'Δίκτυο',
      filter: 2,
    },
    {
      name: 'Βασική Κάμερα',
      unit: 'MP',
      group: 'Κάμερα',
      values: ['48', '50', '64'],
      byModel: byTier({
        feature: ['0.3', '2'],
        compact: ['5', '8'],
        flagship: ['12', '48', '50', '108'],
        budget: ['8', '13', '50'],
      }),
      summary: 'Κάμερα',
    },
    {
      name: 'Λειτουργικό Σύστημα',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['Android'],
      byModel: [{ pattern: FEATURE, values: ['Κατασκευαστή'] }],
      byManufacturer: { Apple: ['iOS'] },
      summary: 'Λειτουργικό',
      filter: 3,
    },
    {
      name: 'Χωρητικότητα Μπαταρίας',
      unit: 'mAh',
      group: 'Μπαταρία',
      values: ['4500', '5000', '6000'],
      byModel: byTier({
        feature: ['1000', '1400', '1450'],
        compact: ['1560', '2300'],
        flagship: ['3700', '4500', '5000'],
        budget: ['3000', '4000', '5000'],
      }),
      summary: 'Μπαταρία',
      bands: { group: 'Χωρητικότητα Μπαταρίας', bands: bands([3000, 4500], ' mAh') },
    },
    {
      name: 'Βάρος',
      unit: 'gr',
      group: 'Μέγεθος & Βάρος',
      values: ['187', '201'],
      byModel: byTier({
        feature: ['79', '89', '107'],
        compact: ['112', '140'],
        flagship: ['172', '187', '201', '228'],
        budget: ['172', '187', '192'],
      }),
    },
  ],
  keywords: ['NFC', 'Γρήγορη Φόρτιση', 'Αδιάβροχο', 'Ασύρματη Φόρτιση'],
  orderBy: ORDER_WITH_NEWEST,
  defaultOrder: 'pricevat',
  partNumber: (rng, manufacturer) => {
    if (rng.chance(0.2)) return '';
    if (manufacturer === 'Samsung') return code(rng, 'SM-A999A');
    if (manufacturer === 'Apple') return `${code(rng, 'AA999')}GR/A ${code(rng, 'AA999')}ZD/A`;
    return code(rng, 'AA-9999');
  },
};

const PHONE_CASE_TYPES: Readonly<Record<string, readonly string[]>> = {
  Spigen: ['Ultra Hybrid', 'Rugged Armor', 'Liquid Air', 'Tough Armor', 'Thin Fit'],
  Samsung: ['Silicone Cover', 'Clear View Cover', 'Smart LED View Cover'],
  Apple: ['Silicone Case MagSafe', 'Leather Case MagSafe', 'Clear Case MagSafe'],
  Xiaomi: ['Soft Case', 'Hard Case'],
  Huawei: ['Flip Cover', 'PU Case'],
};
/**
 * The phones each maker's cases are for: its own (an Apple case fits an iPhone), any for Spigen,
 * which makes cases only. Twelve each, so a case's phone is one draw whatever its maker.
 */
const PHONE_CASE_DEVICES: Readonly<Record<string, readonly string[]>> = {
  Spigen: [
    'iPhone 13',
    'iPhone 14',
    'iPhone 14 Pro',
    'iPhone 15',
    'iPhone 15 Pro Max',
    'Galaxy S23',
    'Galaxy S24 Ultra',
    'Galaxy A54',
    'Galaxy A15',
    'Redmi Note 12',
    'Redmi Note 13 Pro',
    'P40 Lite',
  ],
  Samsung: expand(['Galaxy S23', 'Galaxy S24'], ['', '+', ' Ultra']).concat(
    expand(['Galaxy A'], ['15', '25', '35', '54', '55', '34']),
  ),
  Apple: expand(['iPhone 13', 'iPhone 14', 'iPhone 15'], ['', ' Plus', ' Pro', ' Pro Max']),
  Xiaomi: expand(['Redmi Note 12', 'Redmi Note 13'], ['', ' Pro', ' Pro+']).concat(
    expand(['Poco X5', 'Poco X6'], ['', ' Pro']),
    ['Redmi 12', 'Redmi 13C'],
  ),
  Huawei: expand(['P30', 'P40', 'P50'], ['', ' Lite', ' Pro']).concat(['Nova 9', 'Nova 10', 'Nova 11']),
};

export const PHONE_CASES: LeafProfile = {
  categoryId: 579,
  skus: [50, 70],
  price: [5, 75],
  // What each maker's cases cost: Apple's leather MagSafe case is not priced like a Xiaomi soft case.
  modelPrices: [
    { pattern: /^Apple/, price: [49, 75] },
    { pattern: /^Samsung (Clear View|Smart LED)/, price: [25, 55] },
    { pattern: /^Samsung/, price: [12, 30] },
    { pattern: /^Spigen/, price: [11, 35] },
    { pattern: /^Huawei/, price: [9, 25] },
    { pattern: /^Xiaomi/, price: [5, 15] },
  ],
  priceBands: [10, 20, 35],
  manufacturers: Object.keys(PHONE_CASE_TYPES),
  model: (rng, manufacturer) =>
    `${rng.pick(PHONE_CASE_TYPES[manufacturer] ?? ['Case'])} για ${rng.pick(PHONE_CASE_DEVICES[manufacturer] ?? [])}`,
  variantFormat: 'bare',
  groups: ['Χαρακτηριστικά'],
  specs: [
    {
      name: 'Τύπος',
      group: 'Χαρακτηριστικά',
      values: ['Back Cover', 'Flip', 'Bumper'],
      // A case's name says how it closes: a flip or view cover opens like a book.
      byModel: [
        { pattern: /Flip|View Cover/, values: ['Flip'] },
        { pattern: /Armor|Hybrid/, values: ['Back Cover', 'Bumper'] },
        { pattern: /./, values: ['Back Cover'] },
      ],
      summary: '',
      filter: 2,
    },
    {
      name: 'Υλικό',
      group: 'Χαρακτηριστικά',
      values: ['Σιλικόνη', 'TPU', 'Δέρμα', 'Πλαστικό'],
      // And what it is made of, where it says.
      byModel: [
        { pattern: /Leather|PU Case/, values: ['Δέρμα'] },
        { pattern: /Silicone|Soft/, values: ['Σιλικόνη'] },
        { pattern: /Clear|Hard|Ultra Hybrid/, values: ['TPU', 'Πλαστικό'] },
      ],
      summary: 'Υλικό',
      filter: 2,
    },
    {
      name: 'Χρώμα',
      group: 'Χαρακτηριστικά',
      values: ['Μαύρο', 'Διάφανο', 'Μπλε', 'Κόκκινο', 'Πράσινο'],
      filter: 2,
      variant: true,
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'popularity',
  partNumber: (rng) => (rng.chance(0.5) ? code(rng, 'ACS99999') : ''),
};

const WATCH_MODELS: Readonly<Record<string, readonly string[]>> = {
  Garmin: [
    'Forerunner 55',
    'Forerunner 265',
    'Forerunner 965',
    'Fenix 7',
    'Fenix 7X',
    'Venu 3',
    'Venu Sq 2',
    'Vivoactive 5',
  ],
  Fitbit: ['Versa 4', 'Sense 2', 'Charge 6', 'Inspire 3'],
  Amazfit: ['GTR 4', 'GTS 4', 'Bip 5', 'T-Rex 2', 'Balance'],
  Samsung: ['Galaxy Watch5', 'Galaxy Watch6', 'Galaxy Watch6 Classic', 'Galaxy Watch4'],
  Apple: ['Watch Series 8', 'Watch Series 9', 'Watch SE 2023', 'Watch Ultra 2'],
  Huawei: ['Watch GT 3', 'Watch GT 4', 'Watch Fit 2'],
  Xiaomi: ['Watch S1 Active', 'Smart Band 8', 'Redmi Watch 3'],
};

export const SMARTWATCHES: LeafProfile = {
  categoryId: 1705,
  skus: [35, 55],
  price: [120, 350],
  modelPrices: [
    { pattern: /Ultra|Fenix 7X|Forerunner 965/, price: [650, 950] },
    { pattern: /Fenix|Series 9|Series 8|Forerunner 265|Watch6 Classic|Venu 3/, price: [380, 560] },
    { pattern: /Charge|Inspire|Band|Bip|Redmi Watch|Watch Fit|Forerunner 55/, price: [35, 160] },
  ],
  priceBands: [100, 250, 450],
  manufacturers: Object.keys(WATCH_MODELS),
  model: fromLists(WATCH_MODELS),
  groups: ['Βασικά Χαρακτηριστικά', 'Μπαταρία'],
  specs: [
    {
      name: 'Συμβατότητα',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['Android/iOS'],
      byManufacturer: { Apple: ['iOS'], Samsung: ['Android'] },
      summary: 'Συμβατότητα',
      filter: 3,
    },
    {
      name: 'Τύπος Οθόνης',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['AMOLED', 'LCD', 'MIP'],
      summary: 'Οθόνη',
      filter: 2,
    },
    {
      name: 'Μέγεθος',
      unit: 'mm',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['40', '41', '42', '44', '45', '46', '47'],
      variant: true,
    },
    { name: 'GPS', group: 'Βασικά Χαρακτηριστικά', values: ['Ναι', 'Όχι'], summary: 'GPS', filter: 2 },
    {
      name: 'Αδιαβροχοποίηση',
      group: 'Βασικά Χαρακτηριστικά',
      values: ['5 ATM', '10 ATM', 'IP68'],
      filter: 2,
    },
    {
      name: 'Αυτονομία',
      unit: 'ημέρες',
      group: 'Μπαταρία',
      values: ['1', '2', '5', '7', '11', '14', '18'],
      summary: 'Αυτονομία',
      bands: { group: 'Αυτονομία Μπαταρίας', bands: bands([3, 10], ' ημέρες') },
    },
  ],
  orderBy: ORDER_DEFAULT,
  defaultOrder: 'popularity',
  partNumber: (rng) => (rng.chance(0.6) ? code(rng, '010-99999-99') : ''),
};
