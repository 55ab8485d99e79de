// Notifications as sentences, not codes: what happened, to what, and the number that matters.
import { isNotificationOf, type Notification } from 'price-catalog';
import { formatPrice } from './format.js';

export interface NotificationText {
  icon: string;
  title: string;
  detail: string | null;
}

function change(rate: number | null, price: number | null): string {
  const by = rate !== null && rate > 0 ? ` by ${Math.round(rate * 100)}%` : '';
  return `${by}${price === null ? '' : `, now from ${formatPrice(price)}`}`;
}

export function notificationText(notification: Notification): NotificationText {
  const name = notification.sku?.display_name ?? notification.eventable_name ?? 'a product you follow';
  if (isNotificationOf(notification, 'price_drop')) {
    const { change_rate, price_min } = notification.snapshot;
    return {
      icon: '↓',
      title: `${name} is cheaper`,
      detail: `The price dropped${change(change_rate, price_min)}.`,
    };
  }
  if (isNotificationOf(notification, 'price_up')) {
    const { change_rate, price_min } = notification.snapshot;
    return {
      icon: '↑',
      title: `${name} costs more`,
      detail: `The price went up${change(change_rate, price_min)}.`,
    };
  }
  if (isNotificationOf(notification, 'availability_true'))
    return { icon: '✓', title: `${name} is in stock again`, detail: 'A shop has it available.' };
  if (isNotificationOf(notification, 'availability_false'))
    return { icon: '✕', title: `${name} is out of stock at a shop`, detail: null };
  if (isNotificationOf(notification, 'sku_release'))
    return { icon: '★', title: `${name} is out now`, detail: 'It was released and shops list it.' };
  if (isNotificationOf(notification, 'sku_review')) {
    const rating = Math.max(0, Math.min(5, Math.round(notification.review_rating)));
    const stars = `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;
    const by = notification.user ? ` by ${notification.user.username}` : '';
    return {
      icon: '✎',
      title: notification.aggregated ? `New reviews of ${name}` : `A new review of ${name}${by}`,
      detail: notification.review_text ? `${stars} “${notification.review_text}”` : stars,
    };
  }
  if (isNotificationOf(notification, 'sku_review_rephrase_request'))
    return {
      icon: '✎',
      title: `Please rephrase your review of ${name}`,
      detail: notification.event_text ?? null,
    };
  if (isNotificationOf(notification, 'sku_review_approve_after_update'))
    return { icon: '✓', title: `Your review of ${name} is published`, detail: null };
  return { icon: '•', title: notification.event_text ?? `News about ${name}`, detail: null };
}
