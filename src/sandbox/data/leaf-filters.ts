import { idSequence } from './id-sequence.js';
import { allValues, priceBands, withUnitText } from './profile-helpers.js';
import type { LeafProfile, RangeBand } from './profile-types.js';
import type { Rng } from './random.js';
import { athensTimestamp } from './timestamps.js';
import type {
  FilterGroupRecord,
  FilterRecord,
  SpecificationGroupRecord,
  SpecificationRecord,
} from './types.js';

export interface BandFilter {
  band: RangeBand;
  filterId: number;
}

/** The specifications and filters of one leaf category, with lookups to give SKUs their filter ids. */
export interface LeafFilters {
  groups: SpecificationGroupRecord[];
  specifications: SpecificationRecord[];
  filterGroups: FilterGroupRecord[];
  filters: FilterRecord[];
  specIdByName: Map<string, number>;
  /** Key: `${spec name}\u0000${value}`. */
  valueFilters: Map<string, number>;
  bandFilters: Map<string, BandFilter[]>;
  priceFilters: BandFilter[];
  keywordFilters: { keyword: string; filterId: number }[];
  sizeFilters: Map<string, number>;
}

export interface IdSources {
  specGroup: () => number;
  spec: () => number;
  filterGroup: () => number;
  filter: () => number;
}

export function createIdSources(rng: Rng): IdSources {
  return {
    specGroup: idSequence(rng, 165, 9),
    spec: idSequence(rng, 569, 40),
    filterGroup: idSequence(rng, 48636, 900),
    filter: idSequence(rng, 6282, 40),
  };
}

export function valueKey(spec: string, value: string): string {
  return `${spec}\u0000${value}`;
}

export function buildLeafFilters(rng: Rng, ids: IdSources, profile: LeafProfile): LeafFilters {
  const categoryId = profile.categoryId;
  const out: LeafFilters = {
    groups: [],
    specifications: [],
    filterGroups: [],
    filters: [],
    specIdByName: new Map(),
    valueFilters: new Map(),
    bandFilters: new Map(),
    priceFilters: [],
    keywordFilters: [],
    sizeFilters: new Map(),
  };

  const groupIds = new Map<string, number>();
  profile.groups.forEach((name, index) => {
    const id = ids.specGroup();
    groupIds.set(name, id);
    out.groups.push({ id, name, order: index * 5, category_id: categoryId });
  });
  const orderInGroup = new Map<string, number>();
  for (const spec of profile.specs) {
    const order = (orderInGroup.get(spec.group) ?? 0) + 5;
    orderInGroup.set(spec.group, order);
    const id = ids.spec();
    out.specIdByName.set(spec.name, id);
    out.specifications.push({
      id,
      name: spec.name,
      order,
      unit: spec.unit ?? '',
      group_id: groupIds.get(spec.group) ?? out.groups[0]?.id ?? 0,
      category_id: categoryId,
    });
  }

  const addGroup = (name: string, filterType: number, hint = ''): number => {
    const id = ids.filterGroup();
    out.filterGroups.push({
      id,
      name,
      active: true,
      category_id: categoryId,
      created_at: rng.chance(0.3) ? null : athensTimestamp(rng, 2012, 2015, 'winter'),
      updated_at: athensTimestamp(rng, 2016, 2017, 'summer'),
      hint,
      combined: filterType === 1 && rng.chance(0.5),
      filter_type: filterType,
    });
    return id;
  };
  const addFilter = (groupId: number, name: string): number => {
    const id = ids.filter();
    out.filters.push({ id, name, filter_group_id: groupId, category_id: categoryId });
    return id;
  };
  const addBands = (groupId: number, bands: readonly RangeBand[]): BandFilter[] =>
    bands.map((band) => ({ band, filterId: addFilter(groupId, band.label) }));

  out.priceFilters = addBands(addGroup('Τιμή', 0), priceBands(profile.priceBands));
  for (const spec of profile.specs) {
    if (spec.filter !== undefined) {
      const groupId = addGroup(spec.name, spec.filter);
      for (const value of allValues(spec)) {
        const label = spec.unit ? withUnitText(value, spec.unit) : value;
        out.valueFilters.set(valueKey(spec.name, value), addFilter(groupId, label));
      }
    }
    if (spec.bands) out.bandFilters.set(spec.name, addBands(addGroup(spec.bands.group, 4), spec.bands.bands));
  }
  if (profile.keywords) {
    const groupId = addGroup('Χαρακτηριστικά', 1);
    out.keywordFilters = profile.keywords.map((keyword) => ({
      keyword,
      filterId: addFilter(groupId, keyword),
    }));
  }
  if (profile.sizes) {
    const groupId = addGroup('Μέγεθος', 5, 'Επίλεξε το μέγεθός σου');
    for (const size of profile.sizes) out.sizeFilters.set(size, addFilter(groupId, size));
  }
  return out;
}

export function bandOf(bands: readonly BandFilter[], value: number): BandFilter | undefined {
  return bands.find(({ band }) => value >= band.min && value < band.max);
}
