// The SKU's price over the last months: the average of its offers and the lowest one, as lines.
import type { PriceHistory } from 'price-catalog';
import { formatDate, formatPrice } from './format.js';

const WIDTH = 640;
const HEIGHT = 180;
const PAD = 8;

function line(points: readonly { price: number }[], low: number, high: number): string {
  const span = high - low || 1;
  return points
    .map((point, i) => {
      const x = PAD + (i / Math.max(1, points.length - 1)) * (WIDTH - 2 * PAD);
      const y = PAD + (1 - (point.price - low) / span) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export function PriceHistoryChart(props: { history: PriceHistory }) {
  const { average, lowest } = props.history;
  const prices = [...average, ...lowest].map((point) => point.price);
  if (prices.length === 0) return <p className="muted">No price history yet.</p>;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const first = average[0] ?? lowest[0];
  const last = average.at(-1) ?? lowest.at(-1);
  const cheapest = lowest.reduce(
    (best, point) => (point.price < best.price ? point : best),
    lowest[0] ?? { price: low, date: '' },
  );
  return (
    <figure className="history" data-testid="history">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Price history">
        <polyline className="average" points={line(average, low, high)} />
        <polyline className="lowest" points={line(lowest, low, high)} />
      </svg>
      <figcaption>
        <span>
          <i className="key average" /> Average offer
        </span>
        <span>
          <i className="key lowest" /> Lowest offer
        </span>
        <span className="muted">
          {first && last ? `${formatDate(first.date)} – ${formatDate(last.date)}` : ''}
        </span>
        <span>
          Lowest: <strong data-testid="lowest-ever">{formatPrice(cheapest.price)}</strong>
          {cheapest.date && <span className="muted"> on {formatDate(cheapest.date)}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
