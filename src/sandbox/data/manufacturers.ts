import type { Rng } from './random.js';
import type { ManufacturerRecord } from './types.js';

/** Forty real brand names with fixed ids (several are the ids the recorded service uses). */
const MANUFACTURERS: readonly (readonly [id: number, name: string])[] = [
  [2, 'Sony'],
  [28, 'Samsung'],
  [54, 'LG'],
  [97, 'Bosch'],
  [98, 'AEG'],
  [99, 'Miele'],
  [110, 'Nokia'],
  [112, 'Motorola'],
  [120, 'Toshiba'],
  [203, 'Lenovo'],
  [267, 'Kingston'],
  [309, 'Western Digital'],
  [310, 'Seagate'],
  [356, 'Apple'],
  [410, "De'Longhi"],
  [417, 'Alcatel'],
  [481, 'Garmin'],
  [1016, 'Huawei'],
  [1490, 'Nike'],
  [1491, 'Adidas'],
  [1492, 'Puma'],
  [1520, 'Converse'],
  [1545, 'Skechers'],
  [1850, 'Crucial'],
  [4834, 'ZTE'],
  [5830, 'Motul'],
  [5831, 'Castrol'],
  [5832, 'Liqui Moly'],
  [5901, "Meguiar's"],
  [6990, 'Spigen'],
  [7001, 'Fitbit'],
  [9015, 'Vero Moda'],
  [9016, 'Only'],
  [9420, 'Xiaomi'],
  [12270, 'OnePlus'],
  [15980, 'Amazfit'],
  [17153, 'Leagoo'],
  [24080, 'Honor'],
  [26414, 'Oukitel'],
  [30401, 'Realme'],
];

export function buildManufacturers(rng: Rng): ManufacturerRecord[] {
  return MANUFACTURERS.map(([id, name]) => ({
    id,
    name,
    // The recorded service has many manufacturers without a logo.
    image_url: rng.chance(0.25)
      ? null
      : `https://${rng.pick(['a', 'b', 'c', 'd'])}.img.sandbox.test/ds/manufacturers/${id}/${rng.hex(32)}.${rng.pick(['png', 'jpg'])}`,
  }));
}
