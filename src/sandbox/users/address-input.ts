import { geocode } from '../data/geocode.js';
import type { AddressRecord } from '../data/user-types.js';
import { rootedParam } from '../http/body.js';
import { recordInvalid } from '../reviews/review-input.js';
import { atLeast, type Version } from '../versions/version.js';

/** What `GET /user/addresses/new` says a new address needs. */
export const REQUIRED_ADDRESS_FIELDS = ['label', 'full'] as const;

/** The optional parts, as the recorded address shows them; blank or null clears one. */
const PARTS = [
  'first_name',
  'last_name',
  'street_name',
  'street_number',
  'city',
  'zip',
  'region',
  'phone',
  'mobile',
] as const;

type Editable = Omit<AddressRecord, 'id' | 'user_id' | 'lat' | 'lng'>;

/**
 * The address after the fields sent (under `address[...]` or on their own): on create (`current`
 * null) `label` and `full` are both required (before 3.2.0, `label` alone: an address was made of
 * its parts), on update a sent one must not be blank; a 422
 * `RecordInvalid` lists every problem. `lat`/`lng` are (re)computed when `full` or `city` is set:
 * a known city gives its centre, any other place null.
 */
export function resolveAddress(
  params: URLSearchParams,
  current: AddressRecord | null,
  version: Version,
): Omit<AddressRecord, 'id' | 'user_id'> {
  const read = (name: string): string | null => rootedParam(params, 'address', name);
  const problems: string[] = [];
  const required = (name: 'label' | 'full', label: string, needed = true): string => {
    const sent = read(name);
    const value = sent === null ? (current?.[name] ?? '') : sent.trim();
    if (value === '' && (needed || sent !== null)) problems.push(`${label} can't be blank`);
    return value;
  };
  const next: Editable = {
    label: required('label', 'Label'),
    full: required('full', 'Full', atLeast(version, '3.2.0')),
    first_name: current?.first_name ?? null,
    last_name: current?.last_name ?? null,
    street_name: current?.street_name ?? null,
    street_number: current?.street_number ?? null,
    city: current?.city ?? null,
    zip: current?.zip ?? null,
    region: current?.region ?? null,
    phone: current?.phone ?? null,
    mobile: current?.mobile ?? null,
  };
  for (const part of PARTS) {
    const sent = read(part);
    if (sent !== null) next[part] = sent.trim() === '' ? null : sent.trim();
  }
  if (problems.length > 0) throw recordInvalid(...problems);
  const moved = current === null || next.full !== current.full || next.city !== current.city;
  if (!moved) return { ...next, lat: current.lat, lng: current.lng };
  const point = geocode(next.full, next.city);
  return { ...next, lat: point?.lat ?? null, lng: point?.lng ?? null };
}
