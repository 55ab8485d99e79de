import type { Rng } from './random.js';

/** Where shop locations are scattered; `distance` filters are measured from ORIGIN. */
export interface City {
  name: string;
  region: string;
  lat: number;
  lng: number;
  /** Where the city's shop locations are scattered: this far (degrees, either way) around a point. */
  shops: { lat: number; lng: number; spread: number };
  postcodes: readonly [number, number];
  streets: readonly string[];
}

/** Syntagma square, Athens: the location an application-token request is assumed to come from. */
export const ORIGIN = { lat: 37.9755, lng: 23.7348 } as const;

export const CITIES: readonly City[] = [
  {
    name: 'Αθήνα',
    region: 'Αττικής',
    lat: 37.9838,
    lng: 23.7275,
    shops: { lat: 37.9838, lng: 23.7275, spread: 0.08 },
    postcodes: [10431, 11855],
    streets: [
      'ΣΤΑΔΙΟΥ',
      'ΠΑΝΕΠΙΣΤΗΜΙΟΥ',
      'ΕΡΜΟΥ',
      'ΑΛΕΞΑΝΔΡΑΣ',
      'ΠΑΤΗΣΙΩΝ',
      'ΚΗΦΙΣΙΑΣ',
      'ΜΕΣΟΓΕΙΩΝ',
      'ΣΥΓΓΡΟΥ',
    ],
  },
  {
    name: 'Θεσσαλονίκη',
    region: 'Θεσσαλονίκης',
    lat: 40.6401,
    lng: 22.9444,
    // Around 25ης Μαρτίου, where the recorded GET /locations/find point is, so that a find there
    // (within FIND_RADIUS_M) has locations to answer with.
    shops: { lat: 40.6095, lng: 22.9555, spread: 0.02 },
    postcodes: [54248, 56430],
    streets: ['ΕΓΝΑΤΙΑΣ', 'ΤΣΙΜΙΣΚΗ', '25ΗΣ ΜΑΡΤΙΟΥ', 'ΔΕΛΦΩΝ', 'ΛΑΓΚΑΔΑ'],
  },
  {
    name: 'Πάτρα',
    region: 'Αχαΐας',
    lat: 38.2466,
    lng: 21.7346,
    shops: { lat: 38.2466, lng: 21.7346, spread: 0.08 },
    postcodes: [26221, 26500],
    streets: ['ΜΑΙΖΩΝΟΣ', 'ΚΟΡΙΝΘΟΥ', 'ΑΓΙΟΥ ΝΙΚΟΛΑΟΥ', 'ΓΟΥΝΑΡΗ'],
  },
  {
    name: 'Ηράκλειο',
    region: 'Ηρακλείου',
    lat: 35.3387,
    lng: 25.1442,
    shops: { lat: 35.3387, lng: 25.1442, spread: 0.08 },
    postcodes: [71201, 71500],
    streets: ['ΚΑΛΟΚΑΙΡΙΝΟΥ', '62 ΜΑΡΤΥΡΩΝ', 'ΙΚΑΡΟΥ'],
  },
  {
    name: 'Λάρισα',
    region: 'Λαρίσης',
    lat: 39.639,
    lng: 22.4191,
    shops: { lat: 39.639, lng: 22.4191, spread: 0.08 },
    postcodes: [41221, 41500],
    streets: ['ΚΥΠΡΟΥ', 'ΠΑΠΑΝΑΣΤΑΣΙΟΥ', 'ΗΡΩΩΝ ΠΟΛΥΤΕΧΝΕΙΟΥ'],
  },
];

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** A Greek landline (`2101234567`) or mobile (`6941234567`) number. */
export function greekPhone(rng: Rng, mobile = false): string {
  const prefix = mobile ? `69${rng.int(0, 9)}` : rng.pick(['210', '2310', '2610', '2810', '2410']);
  const rest = 10 - prefix.length;
  return prefix + String(rng.int(0, 10 ** rest - 1)).padStart(rest, '0');
}
