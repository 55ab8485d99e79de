/** major.minor.patch */
export type Version = readonly [number, number, number];

function range(major: number, minor: number, from: number, to: number): Version[] {
  return Array.from({ length: to - from + 1 }, (_, i) => [major, minor, from + i] as const);
}

/** Every version the service has published, oldest first. */
export const KNOWN_VERSIONS: readonly Version[] = [
  ...range(3, 0, 1, 23),
  ...range(3, 1, 0, 3),
  ...range(3, 2, 0, 1),
];

export const LATEST_VERSION: Version = KNOWN_VERSIONS[KNOWN_VERSIONS.length - 1] as Version;

export function parseVersion(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map(Number);
  return [major, minor, patch];
}

export function formatVersion(version: Version): string {
  return version.join('.');
}

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** True when `version` already has what `since` introduced. */
export function atLeast(version: Version, since: string): boolean {
  return compareVersions(version, parseVersion(since)) >= 0;
}
