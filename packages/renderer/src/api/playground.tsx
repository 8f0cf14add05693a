// PLACEHOLDER: replaced by the try-it form (issue 6).
import type { ApiPageModel } from '@docsgen/openapi-pages';
import type { PlaygroundSettings } from './types.js';

/** The try-it form of one operation (`interactive`), a read-only request (`simple`), or nothing (`hide`). */
export function Playground(_props: { page: ApiPageModel; settings: PlaygroundSettings; idPrefix: string }) {
  return null;
}
