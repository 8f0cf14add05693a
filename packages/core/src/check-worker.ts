// A worker thread of `checkProject`: renders its share of the pages and posts their messages.
import { parentPort, workerData } from 'node:worker_threads';
import { compileSlugs } from './check.js';

const { root, slugs } = workerData as { root: string; slugs: string[] };
parentPort?.postMessage(await compileSlugs(root, slugs));
