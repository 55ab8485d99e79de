// The SKU's price over the last months: the average of its offers and the lowest one, as lines,
// on axes that say their values (prices up the side, dates along the bottom).
import type { PriceHistory } from 'price-catalog';
import { formatDate, formatPrice, formatShortDate } from './format.js';

const WIDTH = 640;
const HEIGHT = 180;

/** A round step for about `count` gridlines over `span` euros: 1, 2 or 5 times a power of ten. */
function niceStep(span: number, count: number): number {
  const rough = Math.max(span, 0.01) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/** The price axis: round values from below the lowest price to above the highest. */
function priceTicks(low: number, high: number): number[] {
  const step = niceStep(high - low, 4);
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let value = first; value <= last + step / 2; value += step) ticks.push(Math.round(value * 100) / 100);
  return ticks.length > 1 ? ticks : [first, first + step];
}

function line(points: readonly { price: number }[], low: number, high: number): string {
  const span = high - low || 1;
  return points
    .map((point, i) => {
      const x = (i / Math.max(1, points.length - 1)) * WIDTH;
      const y = (1 - (point.price - low) / span) * HEIGHT;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export function PriceHistoryChart(props: { history: PriceHistory }) {
  const { average, lowest } = props.history;
  const prices = [...average, ...lowest].map((point) => point.price);
  if (prices.length === 0) return <p className="muted">No price history yet.</p>;
  const ticks = priceTicks(Math.min(...prices), Math.max(...prices));
  const low = ticks[0] ?? 0;
  const high = ticks.at(-1) ?? 1;
  const dates = (average.length >= lowest.length ? average : lowest).map((point) => point.date);
  const dateTicks = [dates[0], dates[Math.floor((dates.length - 1) / 2)], dates.at(-1)].filter(
    (date): date is string => date !== undefined,
  );
  const cheapest = lowest.reduce(
    (best, point) => (point.price < best.price ? point : best),
    lowest[0] ?? { price: Math.min(...prices), date: '' },
  );
  // A tick's height on the plot, as a share from the top (the labels sit on their gridlines).
  const top = (value: number) => `${((1 - (value - low) / (high - low || 1)) * 100).toFixed(2)}%`;
  return (
    <figure className="history" data-testid="history">
      <div className="plot">
        <div className="y-axis" data-testid="y-axis" aria-hidden="true">
          {ticks.map((value) => (
            <span key={value} style={{ top: top(value) }}>
              {formatPrice(value)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Price history from ${formatPrice(low)} to ${formatPrice(high)}`}
        >
          {ticks.map((value) => {
            const y = (1 - (value - low) / (high - low || 1)) * HEIGHT;
            return <line key={value} className="grid" x1={0} x2={WIDTH} y1={y} y2={y} />;
          })}
          <polyline className="average" points={line(average, low, high)} />
          <polyline className="lowest" points={line(lowest, low, high)} />
        </svg>
        <div className="x-axis" data-testid="x-axis" aria-hidden="true">
          {dateTicks.map((date, i) => (
            <span key={`${date}-${i}`}>{formatShortDate(date)}</span>
          ))}
        </div>
      </div>
      <figcaption>
        <span>
          <i className="key average" /> Average offer
        </span>
        <span>
          <i className="key lowest" /> Lowest offer
        </span>
        <span className="muted">
          {dates[0] && dates.at(-1) ? `${formatDate(dates[0])} – ${formatDate(dates.at(-1) ?? '')}` : ''}
        </span>
        <span>
          Lowest: <strong data-testid="lowest-ever">{formatPrice(cheapest.price)}</strong>
          {cheapest.date && <span className="muted"> on {formatDate(cheapest.date)}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
