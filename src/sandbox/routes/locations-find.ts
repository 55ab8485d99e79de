import { distanceKm } from '../data/places.js';
import { invalidParameter } from '../http/http-error.js';
import { paginate } from '../http/pagination.js';
import { presentLocation } from '../present/shop.js';
import type { RouteDef } from '../router.js';

/**
 * How far `GET /locations/find` looks. The recording shows only that the nearest locations come
 * first with their `distance` in metres; the real radius is not known, so the sandbox picks one
 * that finds something around each city centre.
 */
export const FIND_RADIUS_M = 5000;

function coordinate(query: URLSearchParams, name: 'lat' | 'lng', limit: number): number {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') throw invalidParameter(name, 'is required');
  const value = Number(raw);
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw invalidParameter(name, `must be a number from -${limit} to ${limit}`);
  }
  return value;
}

/**
 * GET /locations/find?lat=&lng= (recorded, not in the spec): shop locations near a point, nearest
 * first, each with its `distance` in metres (one decimal, as recorded: `87.0`), paginated. The
 * recording is a 3.1 answer with `max-age=0, private, must-revalidate`; it needs no user.
 */
export const locationFindRoutes: RouteDef[] = [
  {
    id: 'locations_find',
    method: 'GET',
    path: '/locations/find',
    handler: (ctx) => {
      const point = { lat: coordinate(ctx.query, 'lat', 90), lng: coordinate(ctx.query, 'lng', 180) };
      const near = ctx.catalog.data.shopLocations
        .map((location) => ({
          location,
          distance:
            Math.round(distanceKm(point, { lat: Number(location.lat), lng: Number(location.lng) }) * 10_000) /
            10,
        }))
        .filter((entry) => entry.distance <= FIND_RADIUS_M)
        .sort((a, b) => a.distance - b.distance || a.location.id - b.location.id);
      const page = paginate(near, ctx.query);
      return {
        body: {
          locations: page.items.map(({ location, distance }) => ({ ...presentLocation(location), distance })),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
];
