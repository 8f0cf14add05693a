import { escapeHtml } from '@docsgen/util/escape-html';

/** One problem as the overlay shows it; every field is plain text. */
export interface OverlayProblem {
  /** `file:line:column`, relative to the project root. */
  location: string;
  severity: 'error' | 'warning';
  reason: string;
  ruleId: string;
  /** Lines around the problem (from `formatCodeFrame`), or empty. */
  frame?: string | null | undefined;
}

/**
 * The dev server's error overlay: a full-window panel over the page listing each problem with
 * its place, message, rule id and code frame. Everything in it is escaped text, so a message
 * quoting `<script>` from a broken page shows the characters and never runs. It sits inside
 * `<main>`, so the page's in-place update removes it once the file is fixed.
 */
export function renderProblemsOverlay(problems: readonly OverlayProblem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const title = `${errors || problems.length} ${errors === 1 || (!errors && problems.length === 1) ? 'problem' : 'problems'} to fix`;
  const items = problems.map(
    (problem) =>
      '<li class="dg-overlay-problem">' +
      `<p class="dg-overlay-where"><code>${escapeHtml(problem.location)}</code> <span class="dg-overlay-severity">${problem.severity}</span></p>` +
      `<p class="dg-overlay-reason">${escapeHtml(problem.reason)} <code>[${escapeHtml(problem.ruleId)}]</code></p>` +
      (problem.frame ? `<pre class="dg-overlay-frame"><code>${escapeHtml(problem.frame)}</code></pre>` : '') +
      '</li>',
  );
  return (
    '<div class="dg-overlay dg-problems" role="alertdialog" aria-modal="true" aria-labelledby="dg-overlay-title">' +
    `<div class="dg-overlay-panel"><h2 id="dg-overlay-title">${escapeHtml(title)}</h2>` +
    `<ol class="dg-overlay-list">${items.join('')}</ol>` +
    '<p class="dg-overlay-hint">Save the fix: this page updates by itself.</p></div></div>'
  );
}
