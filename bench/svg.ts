/** The SVG pieces the day's and the week's plots share. */

/** The round number at or above `value` the axis ends at (1, 2, ... 10, 20, ...). */
export function niceCeiling(value: number): number {
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

export function polyline(points: readonly string[], color: string, dash?: string, width = 1.6): string {
  if (points.length === 0) return '';
  return `<polyline fill="none" stroke="${color}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''} points="${points.join(' ')}"/>`;
}

export function text(
  x: number,
  y: number,
  content: string,
  size: number,
  weight = 'normal',
  anchor = 'start',
): string {
  const escaped = content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<text x="${x.toFixed(1)}" y="${y}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}">${escaped}</text>`;
}

/** A row of legend entries (label, color, dash) starting at `left`, baseline `y`. */
export function legendRow(
  left: number,
  y: number,
  items: readonly (readonly [string, string, string | undefined])[],
): string {
  let at = left;
  return items
    .map(([label, color, dash]) => {
      const out = `<line x1="${at}" y1="${y - 4}" x2="${at + 22}" y2="${y - 4}" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>${text(at + 27, y, label, 10)}`;
      at += 40 + label.length * 5.6;
      return out;
    })
    .join('\n');
}
