// Prices in euros and dates, as a shopper reads them.
const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatPrice(amount: number): string {
  return euros.format(amount);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-IE')} ${count === 1 ? one : many}`;
}
