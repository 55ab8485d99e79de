/** The parts of a SKU's `first_product_shop_info`. */
export interface FirstProductShopInfo {
  shop_id: number;
  shop_name: string;
  shop_slug: string;
}

/**
 * Parses `first_product_shop_info` (`"2612|Deltabox|deltabox"`: shop id, name and slug) from a
 * SKU or from the string itself. Null when the SKU has none or the value is not of that form.
 */
export function parseFirstProductShopInfo(
  sku: { first_product_shop_info?: string | null | undefined } | string | null | undefined,
): FirstProductShopInfo | null {
  const info = typeof sku === 'string' ? sku : sku?.first_product_shop_info;
  if (typeof info !== 'string') return null;
  const parts = info.split('|');
  if (parts.length < 3) return null;
  // The id comes first and the slug last; a `|` inside the shop name stays in the name.
  const [id = '', ...rest] = parts;
  const shop_slug = rest.pop() ?? '';
  const shop_name = rest.join('|');
  const shop_id = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(shop_id) || shop_id <= 0 || shop_name === '' || shop_slug === '') return null;
  return { shop_id, shop_name, shop_slug };
}
