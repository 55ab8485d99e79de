import { KNOWN_VERSIONS, LATEST_VERSION, type Version } from './version.js';

export type Resolution = { ok: true; version: Version } | { ok: false; message: string };

const latestPatch = (major: number, minor: number): Version | undefined =>
  KNOWN_VERSIONS.filter((v) => v[0] === major && v[1] === minor).at(-1);

/**
 * The spec's rules: no version -> the latest; a major alone -> its oldest minor (served at that
 * minor's latest patch, since a patch is never chosen); a known minor -> its latest patch; an
 * unknown minor -> the closest older minor. Anything else cannot be served.
 */
export function resolveVersionNumber(text: string): Resolution {
  const match = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return { ok: false, message: `Invalid API version ${JSON.stringify(text)}` };
  const major = Number(match[1]);
  const minors = [...new Set(KNOWN_VERSIONS.filter((v) => v[0] === major).map((v) => v[1]))];
  if (minors.length === 0) return { ok: false, message: `Unsupported API version ${text}` };
  const wanted = match[2] === undefined ? Math.min(...minors) : Number(match[2]);
  const minor = minors.filter((m) => m <= wanted).at(-1);
  const version = minor === undefined ? undefined : latestPatch(major, minor);
  return version ? { ok: true, version } : { ok: false, message: `Unsupported API version ${text}` };
}

/** Reads `Accept: application/vnd.<vendor>+json; version=X[.Y[.Z]]`. */
export function resolveAccept(accept: string | null, vendor: string): Resolution {
  if (accept === null || accept.trim() === '') return { ok: true, version: LATEST_VERSION };
  let generic = false;
  let foreignVendor: string | undefined;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim());
    const mediaType = type.toLowerCase();
    const vnd = /^application\/vnd\.([^+]+)\+json$/.exec(mediaType);
    if (vnd) {
      if (vnd[1] !== vendor.toLowerCase()) {
        foreignVendor ??= vnd[1];
        continue;
      }
      const versionParam = params.map((p) => /^version\s*=\s*"?([^"]*)"?$/i.exec(p)).find((m) => m !== null);
      return versionParam?.[1] === undefined
        ? { ok: true, version: LATEST_VERSION }
        : resolveVersionNumber(versionParam[1]);
    }
    if (mediaType === 'application/json' || mediaType === '*/*' || mediaType === 'application/*')
      generic = true;
  }
  if (generic) return { ok: true, version: LATEST_VERSION };
  return {
    ok: false,
    message:
      foreignVendor === undefined
        ? `Not acceptable: ${accept}`
        : `Unknown media type vendor ${JSON.stringify(foreignVendor)}; use application/vnd.${vendor}+json`,
  };
}
