/** Types of scripts/size.mjs, for the tests that use its measurement. */
export declare const GOAL: { whole: number; oneModule: number };
export declare const BUDGET: { whole: number; oneModule: number };
export declare const ENTRIES: { whole: string; oneModule: string; withQuery: string };
export declare const QUERY_ADDS_BUDGET: number;
export declare function installPacked(): {
  dir: string;
  packedBytes: number;
  unpackedBytes: number;
  files: number;
};
export declare function bundle(
  contents: string,
  resolveDir: string,
): Promise<{ text: string; gzipped: number }>;
