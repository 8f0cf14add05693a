/** @jsxRuntime automatic @jsxImportSource preact */
import { parseText } from '../props.js';
import type { ResolvedRenderContextValue } from '../render-context.js';

/** The operation an `<OpenApiEndpoint>` or viewer names: `spec`, `method` (upper case), `path`. */
export interface OperationTarget {
  spec: string | undefined;
  method: string;
  path: string;
  /** `METHOD path` for messages and notices, `?` for a missing part. */
  label: string;
}

/** Reads the `spec`, `method` and `path` props of an API component. */
export function readOperationTarget(props: { spec?: unknown; method?: unknown; path?: unknown }): OperationTarget {
  const spec = parseText(props.spec)?.trim() || undefined;
  const method = (parseText(props.method) ?? '').trim().toUpperCase();
  const path = (parseText(props.path) ?? '').trim();
  return { spec, method, path, label: `${method || '?'} ${path || '?'}` };
}

/**
 * What an API component draws when the site has no such operation (or no spec): a notice in
 * the page, and a warning (`problem`: its rule id and reason) for the build and the dev terminal.
 */
export function MissingOperation(props: { context: ResolvedRenderContextValue; target: OperationTarget; problem: { ruleId: string; reason: string }; class: string }) {
  const { context, target } = props;
  context.onMessage({
    ...props.problem,
    source: '@docsgen/renderer',
    fatal: false,
    actual: target.label,
    note: 'Write `method` and `path` exactly as in the spec (path parameters included), and name the spec with `spec` when the site has several.',
  });
  return (
    <div class={props.class} role={context.mode === 'markdown' ? undefined : 'note'}>
      <p>
        API operation <code>{target.label}</code> not found{target.spec === undefined ? '' : ` in ${target.spec}`}.
      </p>
    </div>
  );
}
