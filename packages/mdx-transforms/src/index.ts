export type { ReadingTime, ReadingTimeOptions, ResolvedReadingTimeOptions } from './reading-time.js';
export { estimateReadingTime } from './reading-time.js';
