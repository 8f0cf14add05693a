import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkMathSyntax } from '../src/remark-math-syntax.js';

const test = suite('remarkMathSyntax');

/** The inline math values and the text of a paragraph, in order. */
function inline(markdown: string): string[] {
  const tree = unified().use(remarkParse).use(remarkMathSyntax).parse(markdown) as { children: Array<{ children?: Array<{ type: string; value?: string }> }> };
  return (tree.children[0]?.children ?? []).map((node) => (node.type === 'inlineMath' ? `math:${node.value}` : `${node.type}:${node.value ?? ''}`));
}

test('should leave dollar signs used for money as text', () => {
  assert.equal(inline('Plans cost $100 - $200 a month.'), ['text:Plans cost $100 - $200 a month.']);
  assert.equal(inline('Desde $28/mes o $290/año.'), ['text:Desde $28/mes o $290/año.']);
  assert.equal(inline('Between $5 and $10, or $ 3.'), ['text:Between $5 and $10, or $ 3.']);
  assert.equal(inline('It costs $5.'), ['text:It costs $5.']);
});

test('should read math in single dollars when the dollars hug it', () => {
  assert.equal(inline('The theorem $(a^2 + b^2 = c^2)$ holds.'), ['text:The theorem ', 'math:(a^2 + b^2 = c^2)', 'text: holds.']);
  assert.equal(inline('Inline $x^2 + y$ math'), ['text:Inline ', 'math:x^2 + y', 'text: math']);
  // A `$` after a space inside does not close; the next one that hugs the math does.
  assert.equal(inline('$a $b$ c'), ['math:a $b', 'text: c']);
  // A closing `$` right before a digit does not close.
  assert.equal(inline('$x$5'), ['text:$x$5']);
});

test('should keep double-dollar math and escaped dollars as they were', () => {
  assert.equal(inline('Display $$ x + 1 $$ inline'), ['text:Display ', 'math:x + 1', 'text: inline']);
  assert.equal(inline('\\$x$ y'), ['text:$x$ y']);
});

test.run();
