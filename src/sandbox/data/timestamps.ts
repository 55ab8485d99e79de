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

/** 01:00 UTC on the last Sunday of a month (0-based): when EU summer time starts or ends. */
function lastSundayUtc(year: number, month: number): number {
  const day = new Date(Date.UTC(year, month + 1, 0, 1));
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day.getTime();
}

/** Summer-time bounds per year; seeding formats thousands of instants, so they are kept. */
const summerBounds = new Map<number, readonly [number, number]>();

function summerOf(year: number): readonly [number, number] {
  let bounds = summerBounds.get(year);
  if (!bounds) {
    bounds = [lastSundayUtc(year, 2), lastSundayUtc(year, 9)];
    summerBounds.set(year, bounds);
  }
  return bounds;
}

/**
 * An instant as Athens local time with its offset (`2018-01-31T13:00:35+02:00`), the way the
 * service writes the timestamps of records it has just created.
 */
export function athensTime(ms: number): string {
  const [start, end] = summerOf(new Date(ms).getUTCFullYear());
  const summer = ms >= start && ms < end;
  const hours = summer ? 3 : 2;
  return `${new Date(ms + hours * 3_600_000).toISOString().slice(0, 19)}+0${hours}:00`;
}
