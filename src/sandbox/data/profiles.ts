import type { LeafProfile } from './profile-types.js';
import { HDDS, SSDS, TABLET_CASES, TABLETS } from './profiles-computing.js';
import { DRESSES, ESPRESSO, MOTO_CARE, MOTO_OILS, SNEAKERS, WASHING_MACHINES } from './profiles-lifestyle.js';
import { PHONE_CASES, PHONES, SMARTWATCHES } from './profiles-mobile.js';

/** One profile per leaf category of the tree; the order fixes the id sequence of the generated records. */
export const LEAF_PROFILES: readonly LeafProfile[] = [
  PHONES,
  PHONE_CASES,
  SMARTWATCHES,
  TABLETS,
  TABLET_CASES,
  SSDS,
  HDDS,
  SNEAKERS,
  DRESSES,
  MOTO_CARE,
  MOTO_OILS,
  WASHING_MACHINES,
  ESPRESSO,
];
