// PLACEHOLDER: replaced by the API view (issue 6). Draws the method, path and title only.
import { renderToString } from 'preact-render-to-string';
import type { LayoutTocEntry } from '../layout/types.js';
import type { ApiOperationInput } from './types.js';

/** One operation's reference as a Preact element. */
export function ApiOperation(props: ApiOperationInput) {
  return (
    <div class="dg-api" data-dg-api="">
      <p class="dg-api-endpoint">
        <span class="dg-api-method">{props.page.method}</span> <code>{props.page.path}</code>
      </p>
    </div>
  );
}

/** One operation's reference as HTML, with its table-of-contents entries. */
export function renderApiOperation(input: ApiOperationInput): { html: string; toc: LayoutTocEntry[] } {
  return { html: renderToString(<ApiOperation {...input} />), toc: [] };
}
