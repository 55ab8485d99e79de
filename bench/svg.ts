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
