import type { DocsgenMessage, SourceLocation } from '@docsgen/config';

/** Name of this package, the `source` of every message it creates. */
export const messageSource = '@docsgen/openapi-pages';

/** Fields of a message this package creates; `fatal` defaults to `true`. */
export type SpecMessageFields = Omit<DocsgenMessage, 'fatal' | 'source' | 'file' | 'line' | 'column'> & {
  fatal?: boolean | undefined;
};

/** Builds a message of this package at `place` (a file with or without line and column). */
export function createSpecMessage(fields: SpecMessageFields, place: Partial<SourceLocation> | undefined): DocsgenMessage {
  const message: DocsgenMessage = { source: messageSource, ...fields, fatal: fields.fatal ?? true };
  if (place?.file) message.file = place.file;
  if (place?.line) {
    message.line = place.line;
    message.column = place.column;
  }
  return message;
}
