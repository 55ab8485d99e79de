import type {
  CategoryRecord,
  FilterGroupRecord,
  ManufacturerRecord,
  SpecificationGroupRecord,
  SpecificationRecord,
} from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

/**
 * A category. Lists show the common fields; a single category (`full`) also shows the further
 * attributes the spec names, like the recorded `/categories/:id` answer.
 */
export function presentCategory(
  category: CategoryRecord,
  version: Version,
  options: { full?: boolean; matchCount?: number } = {},
): JsonObject {
  const extra: JsonObject = options.full
    ? {
        adult: category.adult,
        onclick_behaviour: category.onclick_behaviour,
        show_spec_summary: category.show_spec_summary,
        unit_price_label: category.unit_price_label,
        reviewable: category.reviewable,
        comparable: category.comparable,
      }
    : {};
  return shapeFor(
    'category',
    {
      id: category.id,
      name: category.name,
      children_count: category.children_count,
      image_url: category.image_url,
      parent_id: category.parent_id,
      fashion: category.fashion,
      layout_mode: category.layout_mode,
      web_uri: category.web_uri,
      code: category.code,
      family_id: category.family_id,
      show_manufacturers_filter: category.show_manufacturers_filter,
      ...extra,
      path: category.path,
      show_specifications: category.show_specifications,
      manufacturer_title: category.manufacturer_title,
      ...(options.matchCount === undefined ? {} : { match_count: options.matchCount }),
    },
    version,
  );
}

export function presentManufacturer(manufacturer: ManufacturerRecord): JsonObject {
  return { id: manufacturer.id, name: manufacturer.name, image_url: manufacturer.image_url };
}

/** Category listings carry no values; a SKU's specifications fill them. */
export function presentSpecification(
  spec: SpecificationRecord,
  version: Version,
  options: { values?: string[]; withGroup?: boolean } = {},
): JsonObject {
  return shapeFor(
    'specification',
    {
      id: spec.id,
      name: spec.name,
      values: options.values ?? [],
      order: spec.order,
      unit: spec.unit,
      ...(options.withGroup ? { group_id: spec.group_id } : {}),
    },
    version,
  );
}

export function presentSpecificationGroup(group: SpecificationGroupRecord): JsonObject {
  return { id: group.id, name: group.name, order: group.order };
}

export function presentFilterGroup(group: FilterGroupRecord): JsonObject {
  return {
    id: group.id,
    name: group.name,
    active: group.active,
    category_id: group.category_id,
    created_at: group.created_at,
    updated_at: group.updated_at,
    hint: group.hint,
    combined: group.combined,
    filter_type: group.filter_type,
  };
}
