import { liveSku } from '../catalog/live.js';
import { similarSkus } from '../catalog/similar-skus.js';
import { applyFieldsets, applyIncludedFieldsets } from '../http/fieldsets.js';
import { paginate } from '../http/pagination.js';
import { listParam } from '../http/params.js';
import { presentSpecification, presentSpecificationGroup } from '../present/catalog.js';
import { presentSku } from '../present/sku.js';
import type { RouteDef } from '../router.js';
import { findSku } from './lookup.js';

export const skuRoutes: RouteDef[] = [
  {
    id: 'sku',
    method: 'GET',
    path: '/skus/:id',
    handler: (ctx) => {
      const sku = presentSku(liveSku(ctx.state, findSku(ctx)), ctx.version);
      return { body: { sku: applyFieldsets(sku, ctx.query, ctx.version) } };
    },
  },
  {
    id: 'sku_specifications',
    method: 'GET',
    path: '/skus/:id/specifications',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const withGroup = listParam(ctx.query, 'include').includes('group');
      // Only the specifications this SKU has a value for, in the category's order.
      const specs = (ctx.catalog.index.specsByCategory.get(sku.category_id) ?? []).filter(
        (spec) => (sku.spec_values[spec.id] ?? []).length > 0,
      );
      const groupIds = new Set(specs.map((spec) => spec.group_id));
      const groups = (ctx.catalog.index.specGroupsByCategory.get(sku.category_id) ?? []).filter((g) =>
        groupIds.has(g.id),
      );
      const specifications = specs.map((spec) =>
        applyFieldsets(
          presentSpecification(spec, ctx.version, {
            values: [...(sku.spec_values[spec.id] ?? [])],
            withGroup,
          }),
          ctx.query,
          ctx.version,
        ),
      );
      return {
        body: {
          ...(withGroup
            ? {
                groups: applyIncludedFieldsets(
                  groups.map(presentSpecificationGroup),
                  ctx.query,
                  ctx.version,
                  'group',
                ),
              }
            : {}),
          specifications,
          // As recorded: the SKU's long description rides along in meta (null when it has none).
          meta: { full_description: sku.description },
        },
        cache: 'long',
      };
    },
  },
  {
    id: 'sku_similar',
    method: 'GET',
    path: '/skus/:id/similar',
    handler: (ctx) => {
      const page = paginate(similarSkus(ctx.catalog, findSku(ctx)), ctx.query);
      return {
        body: {
          skus: page.items.map((sku) => presentSku(liveSku(ctx.state, sku), ctx.version)),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'long',
      };
    },
  },
];
