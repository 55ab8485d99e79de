// Prices in euros, dates and times, as a shopper reads them.
const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

export function formatPrice(amount: number): string {
  return euros.format(amount);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** `3 Dec`: a chart's axis, where the year is said once. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shortDay.format(date);
}

/** `17:45`, or `17:45 on 8 Dec` when it is not today. */
export function formatTime(at: Date, now = new Date()): string {
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay ? clock.format(at) : `${clock.format(at)} on ${shortDay.format(at)}`;
}

/** A wait in words: `a minute`, `15 minutes`, `about 3 hours`. */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'a minute';
  if (minutes < 90) return `${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-IE')} ${count === 1 ? one : many}`;
}
