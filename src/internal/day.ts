/** One UTC day in ms: the daily budget's period (the handler's pacing and shares, the exporter's day). */
export const DAY_MS = 86_400_000;
