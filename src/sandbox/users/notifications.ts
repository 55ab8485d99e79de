import type { NotificationRecord } from '../data/user-types.js';
import type { Account, UserBook } from './user-book.js';

export type NotificationDraft = Omit<NotificationRecord, 'id' | 'created_at' | 'updated_at'>;

/** A new notification in the user's account; the newest, since ids grow. */
export function notify(book: UserBook, draft: NotificationDraft, now: string): NotificationRecord {
  const notification: NotificationRecord = {
    ...draft,
    id: book.newNotificationId(),
    created_at: now,
    updated_at: now,
  };
  book.account(draft.user_id).notifications.push(notification);
  return notification;
}

/** Newest first: ids grow with creation, whatever clock a test runs under. */
export function newestFirst(account: Account): NotificationRecord[] {
  return [...account.notifications].sort((a, b) => b.id - a.id);
}

/**
 * `POST /notifications/view`: the user's notifications among `ids` become viewed. Ids that are
 * not theirs (unknown, or another user's) are ignored: the operation is idempotent and tells
 * nothing about other accounts. Returns how many changed.
 */
export function markViewed(account: Account, ids: readonly number[], now: string): number {
  let changed = 0;
  for (const notification of account.notifications) {
    if (!ids.includes(notification.id) || notification.is_viewed) continue;
    notification.is_viewed = true;
    notification.updated_at = now;
    changed += 1;
  }
  return changed;
}
