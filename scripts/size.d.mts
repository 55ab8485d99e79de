/** Types of scripts/size.mjs, for the tests that use its measurement. */
export declare const BUDGET: { whole: number; oneModule: number };
export declare const ENTRIES: { whole: string; oneModule: string };
export declare function bundle(contents: string): Promise<{ text: string; gzipped: number }>;
