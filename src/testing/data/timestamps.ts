import type { Rng } from './random.js';

const WINTER = [1, 2, 3, 11, 12];
const SUMMER = [4, 5, 6, 7, 8, 9, 10];

/**
 * A local Athens time with its numeric offset, as the recorded service writes them
 * (`2016-10-04T22:30:54+03:00`): +02:00 in winter months, +03:00 in summer months.
 */
export function athensTimestamp(
  rng: Rng,
  fromYear: number,
  toYear: number,
  season: 'winter' | 'summer',
): string {
  const month = rng.pick(season === 'winter' ? WINTER : SUMMER);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = `${rng.int(fromYear, toYear)}-${pad(month)}-${pad(rng.int(1, 28))}`;
  const time = `${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`;
  return `${date}T${time}${season === 'winter' ? '+02:00' : '+03:00'}`;
}

/** `20160530143152`: the date-and-time stamp the service puts in image file names. */
export function fileStamp(rng: Rng, fromYear: number, toYear: number): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${rng.int(fromYear, toYear)}${pad(rng.int(1, 12))}${pad(rng.int(1, 28))}${pad(rng.int(0, 23))}${pad(rng.int(0, 59))}${pad(rng.int(0, 59))}`;
}
