import { useRenderContext } from '../render-context.js';
import { uiStrings, type UiStrings } from './ui-strings.js';

/** The site's own labels in the language of the page being rendered (`RenderContext.language`). */
export function useUiStrings(): UiStrings {
  return uiStrings(useRenderContext().language);
}
