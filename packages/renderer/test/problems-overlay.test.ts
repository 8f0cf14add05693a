import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderProblemsOverlay } from '../src/index.js';

test('should list each problem with its place, reason, rule id and code frame, all as text', () => {
  const html = renderProblemsOverlay([
    { location: 'guides/a.mdx:3:7', severity: 'error', reason: 'Unexpected `<script>alert(1)</script>`', ruleId: 'mdx-syntax', frame: '> 3 | <script>alert(1)</script>\n    |       ^' },
    { location: 'docs.json:2:1', severity: 'warning', reason: 'Unknown key "x" & more', ruleId: 'unknown-key' },
  ]);
  assert.match(html, 'role="alertdialog"');
  assert.match(html, '<h2 id="dg-overlay-title">1 problem to fix</h2>');
  assert.match(html, '<code>guides/a.mdx:3:7</code>');
  assert.match(html, 'Unexpected `&lt;script&gt;alert(1)&lt;/script&gt;` <code>[mdx-syntax]</code>');
  assert.match(html, '<pre class="dg-overlay-frame"><code>&gt; 3 | &lt;script&gt;alert(1)&lt;/script&gt;\n    |       ^</code></pre>');
  assert.match(html, 'Unknown key &quot;x&quot; &amp; more');
  assert.not.match(html, '<script>');
  assert.is(html.match(/<pre/g)?.length, 1, 'a problem without a frame has no <pre>');
});

test('should count errors in the title, or warnings when there is no error', () => {
  const problem = { location: 'a.mdx', reason: 'r', ruleId: 'x' };
  assert.match(renderProblemsOverlay([{ ...problem, severity: 'error' }, { ...problem, severity: 'error' }]), '2 problems to fix');
  assert.match(renderProblemsOverlay([{ ...problem, severity: 'warning' }]), '1 problem to fix');
});

test.run();
