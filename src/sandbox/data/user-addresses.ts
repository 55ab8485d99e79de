import { geocode } from './geocode.js';
import type { AddressRecord } from './user-types.js';
import { SANDBOX_USERS } from './users.js';

type AddressParts = Omit<AddressRecord, 'lat' | 'lng'>;

const NO_PARTS = {
  first_name: null,
  last_name: null,
  street_name: null,
  street_number: null,
  city: null,
  zip: null,
  region: null,
  phone: null,
  mobile: null,
} as const;

function located(address: AddressParts): AddressRecord {
  const point = geocode(address.full, address.city);
  return { ...address, lat: point?.lat ?? null, lng: point?.lng ?? null };
}

/**
 * alice: home in Athens and work in Thessaloniki (both geocoded). bob: the recorded address 48937
 * in Nea Ionia, in parts, which the geocoder does not know (lat/lng null). carol: none.
 */
export function buildAddresses(): AddressRecord[] {
  return [
    located({
      ...NO_PARTS,
      id: 48_120,
      user_id: SANDBOX_USERS.alice,
      label: 'home',
      full: 'Πανεπιστημίου 30, 10679 Αθήνα',
    }),
    located({
      ...NO_PARTS,
      id: 48_121,
      user_id: SANDBOX_USERS.alice,
      label: 'work',
      full: 'Εγνατίας 10, 54625 Θεσσαλονίκη',
      mobile: '6941234567',
    }),
    located({
      id: 48_937,
      user_id: SANDBOX_USERS.bob,
      label: 'home',
      full: 'Panagouli 60, 14123 Nea Ionia',
      first_name: 'bill',
      last_name: 'Testopoulos',
      street_name: 'Panagouli',
      street_number: '60',
      city: 'Nea Ionia',
      zip: '14123',
      region: 'Αττικής',
      phone: null,
      mobile: null,
    }),
  ];
}
