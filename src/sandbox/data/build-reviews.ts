import { deriveRng } from './random.js';
import { buildReviewForms } from './review-forms.js';
import { buildShopReviews, settleShopReviews } from './shop-reviews.js';
import { buildSkuReviews, reviewScore } from './sku-reviews.js';
import type { SandboxData } from './types.js';

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

/**
 * Adds review forms, SKU reviews and shop reviews to a freshly built (not yet frozen) catalog,
 * then settles the SKU and shop fields that summarize them, so that counts and scores agree with
 * the lists served. Each part draws from its own stream: the rest of the catalog is unchanged.
 */
export function addReviews(seed: number, data: SandboxData, leafIds: readonly number[]): void {
  data.reviewForms = buildReviewForms(deriveRng(seed, 'review-forms'), leafIds);
  const forms = new Map(data.reviewForms.map((form) => [form.category_id, form]));
  data.skuReviews = buildSkuReviews(deriveRng(seed, 'sku-reviews'), data.skus, (id) => forms.get(id));
  const bySku = groupBy(data.skuReviews, (review) => review.sku_id);
  for (const sku of data.skus) {
    const reviews = bySku.get(sku.id) ?? [];
    sku.reviews_count = reviews.length;
    sku.reviewscore = reviewScore(reviews.map((review) => review.rating));
  }

  data.shopReviews = buildShopReviews(deriveRng(seed, 'shop-reviews'), data.shops);
  const byShop = groupBy(data.shopReviews, (review) => review.shop_id);
  const rng = deriveRng(seed, 'shop-review-stats');
  for (const shop of data.shops) settleShopReviews(rng, shop, byShop.get(shop.id) ?? []);
}
