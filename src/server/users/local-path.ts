/**
 * Where to send the browser after sign-in or sign-out: a path on this site (`/account?tab=1`),
 * never another origin (`//evil.example`, `/\evil.example`, `https://...`).
 */
export function localPath(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 512) return fallback;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return fallback;
  return value;
}
