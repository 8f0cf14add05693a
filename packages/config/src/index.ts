export { compareMessages, createMessage, formatJsonPath } from './message.js';
export type { DocsgenMessage, SourceLocation } from './message.js';
