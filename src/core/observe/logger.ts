import { isServerRuntime } from '../../internal/server-runtime.js';
import { envLogLevel } from './log-env.js';

export { LOG_ENV } from './log-env.js';

/** How much the SDK logs; each level includes the ones before it. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/**
 * Where the SDK writes its log lines: `console` fits, and so do pino, winston or bunyan loggers
 * (each method is called on the logger with one message string). Every method is optional: a
 * logger without `error` gets error lines through `warn`, one without `info` gets them through
 * `debug`, and a level it has no method for is dropped. Lines are redacted before they get here.
 */
export interface Logger {
  error?(message: string): void;
  warn?(message: string): void;
  info?(message: string): void;
  debug?(message: string): void;
}

/**
 * The SDK's own view of the logger: a method exists only while its level is on, so a call site
 * written `log.debug?.(\`...\`)` builds no string at all when debug is off (optional calls skip
 * their arguments).
 */
export interface Log {
  readonly error?: ((message: string) => void) | undefined;
  readonly warn?: ((message: string) => void) | undefined;
  readonly info?: ((message: string) => void) | undefined;
  readonly debug?: ((message: string) => void) | undefined;
}

/**
 * The SDK's log from the client options: `logLevel`, else `PRICE_CATALOG_LOG`, else `warn`; lines
 * go to `logger`, else to the console (see `consoleLogger`). An unknown `PRICE_CATALOG_LOG` value
 * is reported once as a warning and ignored.
 */
export function createLog(options: { logLevel?: LogLevel | undefined; logger?: Logger | undefined }): Log {
  const sink = options.logger ?? consoleLogger();
  const env = options.logLevel === undefined ? envLogLevel(LOG_LEVELS) : {};
  const rank = LOG_LEVELS.indexOf(options.logLevel ?? env.level ?? 'warn');
  const at = (index: number, primary: 'error' | 'warn' | 'info' | 'debug', fallback?: 'warn' | 'debug') => {
    const method = typeof sink[primary] === 'function' ? primary : fallback;
    if (rank < index || !method || typeof sink[method] !== 'function') return undefined;
    return (message: string): void => {
      try {
        sink[method]?.(redact(message));
      } catch {
        // A logger that throws must not break the call it reports on.
      }
    };
  };
  const log: Log = {
    error: at(1, 'error', 'warn'),
    warn: at(2, 'warn'),
    info: at(3, 'info', 'debug'),
    debug: at(4, 'debug'),
  };
  if (env.warning) log.warn?.(env.warning);
  return log;
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/**
 * The default logger. In Node, Deno and Bun every line goes to stderr (`console.error` and
 * `console.warn`), so a program's stdout stays its own (a CLI piping JSON out can log at debug);
 * in browsers info and debug lines use `console.info` and `console.debug`, which devtools can
 * filter.
 */
export function consoleLogger(): Logger {
  const server = isServerRuntime();
  const to =
    (method: 'error' | 'warn' | 'info' | 'debug') =>
    (message: string): void =>
      console[server && method !== 'warn' ? 'error' : method](`[price-catalog] ${message}`);
  return { error: to('error'), warn: to('warn'), info: to('info'), debug: to('debug') };
}

const REDACTED = '[redacted]';
/** Names whose values are secrets wherever they appear: query, form, JSON. */
const SECRET_NAMES = 'oauth_token|access_token|refresh_token|client_secret|code|id_token|password';
const BEARER = /\b(Bearer|Basic)\s+[^\s,;"'<>]+/gi;
const HEADER =
  /\b((?:proxy-)?authorization)(["']?\s*[:=]\s*)(?!\[redacted\])(?:"[^"]*"|'[^']*'|[^\r\n,;}]*)/gi;
const PARAM = new RegExp(`(^|[?&;\\s"',(#])(${SECRET_NAMES})=[^&\\s#"',)]*`, 'gi');
const ENCODED_PARAM = new RegExp(`(%3F|%26|%23)(${SECRET_NAMES})%3D[^&\\s#"',%]*`, 'gi');
const JSON_FIELD = new RegExp(`("(?:${SECRET_NAMES}|authorization)"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

/**
 * Removes secrets from a line before any logger sees it: bearer and basic credentials, any
 * `authorization` header value, and the values of `oauth_token`, `access_token`, `refresh_token`,
 * `client_secret`, `code`, `id_token` and `password` as query or form parameters (also
 * percent-encoded inside another parameter, such as a `redirect_uri`) and as JSON fields.
 *
 * By hand: the secrets are a short fixed list, and a log-redaction package (pino's fast-redact)
 * redacts paths in objects, not parameters inside URLs and messages.
 */
export function redact(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(HEADER, `$1$2${REDACTED}`)
    .replace(JSON_FIELD, `$1"${REDACTED}"`)
    .replace(PARAM, `$1$2=${REDACTED}`)
    .replace(ENCODED_PARAM, `$1$2%3D${REDACTED}`);
}
