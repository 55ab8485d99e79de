export declare const ACCEPT: string;
/** The sandbox's page of 25 SKUs of category 40, as text. */
export declare function samplePage(): Promise<string>;
/** A loopback server answering the token endpoint and `body` (after `latencyMs`), with X-RateLimit headers counting down from `limit`. */
export declare function pageServer(
  body: string,
  limit: number,
  latencyMs?: number,
): Promise<{ baseUrl: string; close: () => Promise<void> }>;
/** Goal 2's client options against a page server at `baseUrl` (credentials, no daily guard, no cache). */
export declare function clientOptions(baseUrl: string): {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  dailyLimit: null;
  cache: false;
};
/** The same server in a child process of its own; `close` ends the process. */
export declare function pageServerProcess(
  limit: number,
  latencyMs?: number,
): Promise<{ baseUrl: string; close: () => Promise<void> }>;
