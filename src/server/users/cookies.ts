/** The session cookie (HttpOnly, SameSite=Lax, Secure by default) and the sign-in's own cookies: read and set. */
import type { Settings } from '../settings.js';

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_.~-]{1,512}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The slice of the settings a cookie is set with: Secure from `cookie`, the Path the mount's. */
export type CookieSlice = Pick<Settings, 'cookie' | 'mount'>;

export function setCookie(settings: CookieSlice, name: string, value: string, maxAge: number): string {
  const secure = settings.cookie.secure ? '; Secure' : '';
  return `${name}=${value}; Path=${settings.mount}; Max-Age=${maxAge}; HttpOnly${secure}; SameSite=Lax`;
}

export function clearCookie(settings: CookieSlice, name: string): string {
  return setCookie(settings, name, '', 0);
}
