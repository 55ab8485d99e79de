import type { CategoryRecord, SkuRecord } from '../data/types.js';
import { autoList, autoListId } from '../data/user-favorites.js';
import type { FavoriteListRecord } from '../data/user-types.js';
import { HttpError } from '../http/http-error.js';
import { recordInvalid } from '../reviews/review-input.js';
import type { Account, UserBook } from './user-book.js';

export const MAX_LIST_NAME = 100;

/** A failed favorite list assignment: 400 with errors in the body (spec, States and transitions). */
export function listAssignmentFailed(message: string): HttpError {
  return new HttpError(400, 'InvalidFavoriteList', message);
}

export function findList(account: Account, id: number): FavoriteListRecord | undefined {
  return account.lists.find((list) => list.id === id);
}

/** The auto list of a category, created on first need. */
export function ensureAutoList(account: Account, category: CategoryRecord): FavoriteListRecord {
  const existing = findList(account, autoListId(category.id));
  if (existing) return existing;
  const list = autoList(account.profile.id, category);
  account.lists.push(list);
  return list;
}

/** Names compare trimmed and exactly, like a database uniqueness check. */
function customNamed(account: Account, name: string): FavoriteListRecord | undefined {
  return account.lists.find((list) => list.type === 'custom' && list.name === name);
}

function newCustomList(book: UserBook, account: Account, name: string): FavoriteListRecord {
  const list: FavoriteListRecord = {
    id: book.newListId(),
    user_id: account.profile.id,
    name,
    type: 'custom',
    category_id: null,
  };
  account.lists.push(list);
  return list;
}

/** `POST /favorite_lists`: a new custom list; a blank, too long or taken name is a 422. */
export function createCustomList(book: UserBook, account: Account, rawName: string): FavoriteListRecord {
  const name = rawName.trim();
  if (name === '') throw recordInvalid("Name can't be blank");
  if (name.length > MAX_LIST_NAME)
    throw recordInvalid(`Name is too long (maximum is ${MAX_LIST_NAME} characters)`);
  if (customNamed(account, name)) throw recordInvalid('Name has already been taken');
  return newCustomList(book, account, name);
}

/** `new_list_name`: the custom list of that name, created if absent; a bad name is a 400. */
export function customListFor(book: UserBook, account: Account, rawName: string): FavoriteListRecord {
  const name = rawName.trim();
  if (name.length > MAX_LIST_NAME)
    throw listAssignmentFailed(`new_list_name is too long (maximum is ${MAX_LIST_NAME} characters)`);
  return customNamed(account, name) ?? newCustomList(book, account, name);
}

/**
 * `favorite_list_id` for a favorite of `sku`: one of the user's custom lists, or the auto list of
 * the SKU's own category (created if needed). Anything else is a failed assignment (400).
 */
export function listForSku(
  account: Account,
  listId: number,
  sku: SkuRecord,
  category: CategoryRecord,
): FavoriteListRecord {
  if (listId === autoListId(category.id)) return ensureAutoList(account, category);
  const list = findList(account, listId);
  if (!list) throw listAssignmentFailed(`Couldn't find FavoriteList with 'id'=${listId}`);
  if (list.type === 'auto') {
    throw listAssignmentFailed(
      `FavoriteList ${listId} is the auto list of category ${list.category_id}; SKU ${sku.id} is in category ${category.id}`,
    );
  }
  return list;
}

/**
 * `DELETE /favorite_lists/:id`. A custom list goes, and its favorites move to the auto lists of
 * their SKUs' categories (created if needed): a favorite that is not owned always has a list.
 * An auto list cannot be deleted (422): its favorites would land right back in it.
 */
export function deleteList(
  account: Account,
  list: FavoriteListRecord,
  categoryOfSku: (skuId: number) => CategoryRecord,
  updatedAt: string,
): void {
  if (list.type === 'auto') throw recordInvalid('An auto list belongs to its category and cannot be deleted');
  account.lists = account.lists.filter((l) => l !== list);
  for (const favorite of account.favorites) {
    if (favorite.favorite_list_id !== list.id) continue;
    favorite.favorite_list_id = ensureAutoList(account, categoryOfSku(favorite.sku_id)).id;
    favorite.updated_at = updatedAt;
  }
}
