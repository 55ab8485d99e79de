import { invalidParameter } from './http-error.js';

/** An optional integer parameter; anything but an integer is a 400. */
export function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim()))
    throw invalidParameter(name, `must be an integer, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/**
 * Values of an array parameter. The API reads `name[]=a&name[]=b`; `name=a` and comma-separated
 * values are accepted too, since clients send `include_meta=x` as often as `include_meta[]=x`.
 */
export function listParam(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(`${name}[]`), ...query.getAll(name)]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export function intListParam(query: URLSearchParams, name: string): number[] {
  return listParam(query, name).map((value) => {
    if (!/^\d+$/.test(value))
      throw invalidParameter(`${name}[]`, `must hold integers, got ${JSON.stringify(value)}`);
    return Number(value);
  });
}

export function orderDir(query: URLSearchParams, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  const raw = query.get('order_dir');
  if (raw === null || raw === '') return fallback;
  if (raw !== 'asc' && raw !== 'desc') throw invalidParameter('order_dir', 'must be asc or desc');
  return raw;
}
