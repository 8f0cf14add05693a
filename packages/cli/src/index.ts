export { exitCodes, main } from './main.js';
export type { MainContext } from './main.js';
