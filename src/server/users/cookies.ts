/** The session cookie (HttpOnly, SameSite=Lax, Secure by default) and the sign-in's own cookies: read and set. */

export interface CookieOptions {
  /** Name of the session cookie. Default `catalog_session`. */
  name?: string | undefined;
  /**
   * `Secure` on the cookies (default true). Browsers keep Secure cookies over http only for
   * localhost; turn it off only for a plain-http host in development.
   */
  secure?: boolean | undefined;
  /** Lifetime of the session cookie in seconds. Default 30 days. */
  maxAge?: number | undefined;
}

export interface CookieSettings {
  name: string;
  secure: boolean;
  maxAge: number;
  path: string;
}

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

export function setCookie(settings: CookieSettings, name: string, value: string, maxAge: number): string {
  const secure = settings.secure ? '; Secure' : '';
  return `${name}=${value}; Path=${settings.path}; Max-Age=${maxAge}; HttpOnly${secure}; SameSite=Lax`;
}

export function clearCookie(settings: CookieSettings, name: string): string {
  return setCookie(settings, name, '', 0);
}
