// PLACEHOLDER written by the lead so core compiles: the VIEWERS helper owns this file and replaces it
// (keep the export name and return shape, or tell the lead).
import type { ViewerBundle } from '@docsgen/renderer';

/** The embeddable viewers' bundles: `bundles` for pages, `files` (URL path → absolute file) for the server and the build. */
export interface ViewerBundles {
  bundles: Record<'viewer-a' | 'viewer-b' | 'viewer-c', ViewerBundle>;
  files: Map<string, string>;
}

/** Where each viewer's bundle comes from for the project at `root`. */
export function findViewerBundles(_root: string): ViewerBundles {
  const cdn = (scripts: string[], styles: string[] = []): ViewerBundle => ({ scripts, styles, source: 'cdn' });
  return {
    bundles: {
      'viewer-a': cdn(['https://cdn.jsdelivr.net/npm/redoc@2.5.4/bundles/redoc.standalone.js']),
      'viewer-b': cdn(['https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.72.1/dist/browser/standalone.js']),
      'viewer-c': cdn(['https://cdn.jsdelivr.net/npm/@stoplight/elements@9.0.25/web-components.min.js'], ['https://cdn.jsdelivr.net/npm/@stoplight/elements@9.0.25/styles.min.css']),
    },
    files: new Map(),
  };
}
