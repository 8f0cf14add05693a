/**
 * One problem found in a project, modelled on vfile-message: data, never printed by
 * the library that finds it. Only the CLI prints; the dev server shows the same data.
 */
export interface DocsgenMessage {
  /** What is wrong, in one sentence: "Unexpected `x` in `y`, expected `a` or `b`". */
  reason: string;
  /** Stable kebab-case noun naming the rule, e.g. `nav-page-missing`. */
  ruleId: string;
  /** Package that produced the message, e.g. `@docsgen/config`. */
  source: string;
  /** `true` for an error (the input is unusable), `false` for a warning. */
  fatal: boolean;
  /** Absolute path of the file the message is about. */
  file?: string | undefined;
  /** 1-based line of the start of the problem. */
  line?: number | undefined;
  /** 1-based column of the start of the problem. */
  column?: number | undefined;
  /** JSON path inside docs.json, e.g. `navigation.tabs[0].groups[1].pages`. */
  path?: string | undefined;
  /** The value found, as written by the user. */
  actual?: string | undefined;
  /** Values that would have been accepted. */
  expected?: string[] | undefined;
  /** How to fix it, e.g. a did-you-mean. */
  note?: string | undefined;
  /** Documentation page that explains the rule. */
  url?: string | undefined;
}

/** A place in a file: absolute path plus 1-based line and column. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** Fills the fields every message needs; the rest are copied over. */
export function createMessage(
  fields: Omit<DocsgenMessage, 'fatal' | 'source'> & { fatal?: boolean; source?: string },
): DocsgenMessage {
  return { source: '@docsgen/config', fatal: true, ...fields };
}

/** Orders messages by file, line and column so output is stable. */
export function compareMessages(a: DocsgenMessage, b: DocsgenMessage): number {
  return (
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    a.ruleId.localeCompare(b.ruleId)
  );
}

/** Turns a JSON path given as segments into the `a.b[0].c` form used in messages. */
export function formatJsonPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
