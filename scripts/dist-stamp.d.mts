/** Types of scripts/dist-stamp.mjs, for the tests' global setup. */
export declare function distIsCurrent(): boolean;
