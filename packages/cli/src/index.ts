export { defineConfig } from './define-config.js';
export type { UserConfig } from './define-config.js';
export { exitCodes, main } from './main.js';
export type { MainContext } from './main.js';
