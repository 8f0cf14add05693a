import { h, type ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents, RenderContext, type CodeToHighlight, type HighlightCode, type RenderContextValue } from '../src/index.js';

const test = suite('CodeBlock');
const CodeBlock = builtinComponents.CodeBlock!;

const shiki = '<pre class="shiki" data-language="python"><code><span class="line"><span style="--shiki-light:#D73A49">import</span> os</span></code></pre>';

/** Renders `<CodeBlock {props}>{children}</CodeBlock>` with a render context. */
function render(props: Record<string, unknown>, children: ComponentChildren, context: RenderContextValue = {}): string {
  return renderToString(h(RenderContext.Provider, { value: context }, h(CodeBlock, props, children)));
}

/** A `highlightCode` that records its requests and gives `answer` (`null`: nothing). */
function recording(answer: { html: string; code: string } | null = { html: shiki, code: 'import os' }) {
  const requests: CodeToHighlight[] = [];
  const highlightCode: HighlightCode = (block) => {
    requests.push(block);
    return answer ?? undefined;
  };
  return { requests, highlightCode };
}

// What `rehypeHighlightCode` leaves of `<CodeBlock filename="Python" language="Python" icon="python">`.
const attributes = { filename: 'Python', language: 'Python', icon: 'python', title: 'Python', chrome: 'bar', copy: 'always' };

test('should highlight text children with the context\'s highlightCode: the HTML of the block given `html` and `code`', () => {
  const { requests, highlightCode } = recording();
  const late = render(attributes, 'import os\n', { highlightCode });
  const literal = render({ ...attributes, code: 'import os', html: shiki }, undefined);
  assert.is(late, literal);
  assert.match(late, '<div class="dg-code-body"><pre class="shiki"');
  assert.not.match(late, 'dg-code-plain');
  assert.equal(requests, [{ code: 'import os', language: 'Python', highlight: undefined, focus: undefined, lines: false, wrap: false }]);
});

test('should pass the line options and the code as literal children are read: no leading blank line, no trailing space', () => {
  const { requests, highlightCode } = recording();
  render({ language: 'py', highlight: '1-3,5', focus: '{2}', lines: 'true', wrap: true }, ['  \n', 'a = 1', '\n', 2, '  \n\n'], { highlightCode });
  assert.equal(requests, [{ code: 'a = 1\n2', language: 'py', highlight: '1-3,5', focus: '{2}', lines: true, wrap: true }]);
});

test('should render plain text, as before, when the code cannot be highlighted', () => {
  const plain = (html: string) => assert.match(html, '<pre class="dg-code-plain">');
  const { requests, highlightCode } = recording();
  // No highlighter (a renderer used on its own).
  plain(render(attributes, 'import os'));
  // Children that are not text: an element, or nothing (an import a snippet does not export).
  plain(render(attributes, h('span', null, 'import os'), { highlightCode }));
  plain(render(attributes, undefined, { highlightCode }));
  assert.equal(requests, []);
  // A highlighter that has nothing yet (its grammar loads before the next draw).
  const empty = recording(null);
  const html = render(attributes, 'import os', { highlightCode: empty.highlightCode });
  plain(html);
  assert.match(html, '<span class="line">import os</span>');
  assert.is(empty.requests.length, 1);
});

test('should not highlight a block that has `html` or `code` already', () => {
  const { requests, highlightCode } = recording();
  render({ ...attributes, html: shiki }, 'ignored', { highlightCode });
  render({ ...attributes, code: 'import sys' }, 'ignored', { highlightCode });
  assert.equal(requests, []);
});

test('should give the twin the code as copied, as a block with literal text has it', () => {
  const { highlightCode } = recording({ html: shiki, code: 'a = 1' });
  assert.is(
    render({ language: 'Python', title: 'Python' }, 'a = 1  # [!code ++]\n', { mode: 'markdown', highlightCode }),
    '<pre data-language="Python" data-title="Python"><code>a = 1</code></pre>',
  );
  assert.is(render({ language: 'Python' }, '\na = 1\n\n', { mode: 'markdown' }), '<pre data-language="Python"><code>a = 1</code></pre>');
});

test.run();
