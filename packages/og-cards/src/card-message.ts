/**
 * A problem met while drawing a card, in the shape of `DocsgenMessage` from `@docsgen/config`
 * (declared here so this package stays free of config code). Cards report only warnings:
 * `fatal` is always `false` and the card is still drawn.
 */
export interface CardMessage {
  /** What is wrong, in one sentence, and what the card does instead. */
  reason: string;
  /** Stable kebab-case rule id, listed in the README. */
  ruleId: string;
  /** Always `@docsgen/og-cards`. */
  source: '@docsgen/og-cards';
  /** Always `false`: the card is drawn anyway. */
  fatal: false;
  /** Absolute path of the file concerned (the logo), when there is one. */
  file?: string | undefined;
  /** The value found, e.g. the characters that have no glyph. */
  actual?: string | undefined;
  /** How to fix it. */
  note?: string | undefined;
}
