import { CITIES, greekPhone } from './places.js';
import type { Rng } from './random.js';
import { fileStamp } from './timestamps.js';
import type { ShopLocationRecord, ShopRecord } from './types.js';

const TECH = 1269;
const FASHION = 274;
const MOTO = 33;
const HOME = 25;

/** id, name, slug, families sold in (empty: every family). Names are made up. */
const SHOPS: readonly (readonly [number, string, string, readonly number[]])[] = [
  [452, 'Mega Store', 'megastore', []],
  [461, 'NetShop', 'netshop', []],
  [755, 'Smart Buy', 'smartbuy', []],
  [826, 'Value Market', 'valuemarket', []],
  [957, 'e-Κατάστημα Πάτρας', 'ekatastima-patras', []],
  [1153, 'Mobile Planet', 'mobileplanet', [TECH]],
  [1554, 'Ιόνιο Shop', 'ionio-shop', []],
  [1993, 'Σπίτι Plus', 'spiti-plus', [HOME, TECH]],
  [2182, 'Cretan Gadgets', 'cretan-gadgets', [TECH]],
  [2208, 'Digital Stores', 'digitalstores', []],
  [2321, 'Nova Electronics', 'nova-electronics', [TECH, HOME]],
  [2612, 'TechBox', 'techbox', [TECH]],
  [2645, 'Κινητάκιας', 'kinhtakias', [TECH]],
  [2686, 'GadgetZone', 'gadgetzone', [TECH]],
  [2798, 'Ηλεκτροκόσμος', 'ilektrokosmos', [TECH, HOME]],
  [2985, 'PC Master', 'pcmaster', [TECH]],
  [3130, 'Bytes & Bits', 'bytesandbits', [TECH]],
  [3331, 'Shoe Corner', 'shoecorner', [FASHION]],
  [3482, 'Fashion Lab', 'fashionlab', [FASHION]],
  [3766, 'Style Avenue', 'style-avenue', [FASHION]],
  [3894, 'MotoParts', 'motoparts', [MOTO]],
  [4102, 'Auto & Moto Κέντρο', 'automoto-kentro', [MOTO]],
  [4278, 'Οικοτεχνική', 'oikotexniki', [HOME]],
  [4374, 'Θεσσαλονίκη Tech', 'thessaloniki-tech', [TECH]],
  [4442, 'Λευκές Συσκευές Βόλου', 'leukes-syskeues-volou', [HOME]],
];

const REASONS = ['ontime', 'friendly', 'good_packaging', 'good_prices', 'fast_refund', 'responsive'] as const;

export function buildShops(rng: Rng): ShopRecord[] {
  return SHOPS.map(([id, name, slug, families]) => {
    const reviews = rng.chance(0.1) ? 0 : rng.int(3, 3000);
    const free = rng.chance(0.15);
    const freeFrom = !free && rng.chance(0.5) ? rng.pick([30, 50, 80, 100]) : null;
    const sub = rng.pick(['a', 'b', 'c', 'd']);
    return {
      id,
      name,
      link: `https://www.${slug}.shops.sandbox.test`,
      phone: greekPhone(rng),
      image_url: `https://${sub}.img.sandbox.test/ds/shops/logos/${id}/mid_${fileStamp(rng, 2015, 2018)}_${rng.hex(8)}.png`,
      thumbshot_url: `https://${sub}.img.sandbox.test/ds/shops/screenshots/${id}/${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}.png`,
      reviews_count: reviews,
      latest_reviews_count: Math.min(reviews, rng.int(0, 400)),
      review_score: reviews === 0 ? 0 : Math.round((3 + rng.next() * 2) * 10) / 10,
      payment_methods: {
        credit_card: rng.chance(0.8),
        paypal: rng.chance(0.4),
        bank: rng.chance(0.7),
        spot_cash: rng.chance(0.85),
        // Fields the spec lists but the recordings lack: present on some shops only.
        ...(rng.chance(0.2) ? { bkm: false, ipara: false } : {}),
        ...(rng.chance(0.6)
          ? { installments: rng.pick(['', 'έως 6 άτοκες δόσεις', 'έως 12 άτοκες δόσεις']) }
          : {}),
      },
      shipping: {
        free,
        free_from: freeFrom,
        free_from_info: freeFrom === null ? null : `Δωρεάν αποστολή για αγορές άνω των ${freeFrom}€`,
        min_price: rng.pick(['0', '5', '10', '15', '20']),
        shipping_cost_enabled: rng.chance(0.6),
      },
      web_uri: `https://www.sandbox.test/m/${id}/${slug}`,
      extra_info: {
        time_on_platform: rng.pick(['1+ χρόνια', '2+ χρόνια', '3+ χρόνια', '5+ χρόνια', '10+ χρόνια']),
        orders_per_week: rng.pick(['10+', '50+', '100+', '500+', null]),
      },
      top_positive_reasons: rng.sample(REASONS, rng.int(0, 3)),
      slug,
      families: [...families],
      shipping_rate: free ? 0 : rng.pick([1.9, 2.5, 2.9, 3.5, 4.41, 4.9, 5.5]),
      payment_fee: rng.chance(0.15) ? null : rng.pick([0, 0, 1.5, 2, 2.5, 3.5]),
    };
  });
}

export function buildShopLocations(rng: Rng, shops: readonly ShopRecord[]): ShopLocationRecord[] {
  const locations: ShopLocationRecord[] = [];
  let nextId = 2500;
  for (const shop of shops) {
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      // Half of all locations are in Athens, so that `distance` filters find something.
      const city = rng.chance(0.5) ? (CITIES[0] as (typeof CITIES)[number]) : rng.pick(CITIES);
      const id = nextId;
      nextId += rng.int(1, 60);
      const street = rng.pick(city.streets);
      const number = String(rng.int(1, 180));
      const postcode = String(rng.int(city.postcodes[0], city.postcodes[1]));
      const structured = rng.chance(0.75);
      const lat = city.shops.lat + (rng.next() - 0.5) * 2 * city.shops.spread;
      const lng = city.shops.lng + (rng.next() - 0.5) * 2 * city.shops.spread;
      locations.push({
        id,
        shop_id: shop.id,
        headquarter: i === 0,
        phones: Array.from({ length: rng.int(1, 2) }, () => greekPhone(rng)),
        pickup_point: rng.chance(0.6),
        store: rng.chance(0.6),
        full_address: `${street} ${number}, Τ.Κ. ${postcode}, ${city.name}, ${city.region}`,
        format: structured ? 'structured' : 'unstructured',
        lat: lat.toFixed(6),
        lng: lng.toFixed(6),
        info: rng.chance(0.3) ? 'Ωράριο: Δευ-Παρ 09:00-21:00, Σαβ 09:00-15:00' : '',
        address: structured
          ? {
              id,
              street_number: number,
              street,
              postcode,
              city: city.name,
              region: city.region,
              country: 'Ελλάδα',
            }
          : {
              id,
              street_number: null,
              street: null,
              postcode: null,
              city: null,
              region: null,
              country: null,
            },
      });
    }
  }
  return locations;
}
