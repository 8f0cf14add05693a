import { mathFromMarkdown } from 'mdast-util-math';
import type { Options as MathOptions } from 'micromark-extension-math';
import type { Code, Construct, Effects, Extension, State, Token, TokenizeContext } from 'micromark-util-types';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Processor } from 'unified';

// remark-math's syntax without KaTeX. The entry of micromark-extension-math also exports its
// HTML compiler, which imports KaTeX (600 KB of JavaScript, about 40 ms to load) although a
// remark pipeline never uses it; its syntax module is imported by file instead (the version is
// pinned; the package's `exports` lists only the entry). KaTeX itself loads with the first page
// that has math (rehype-katex, see compile.ts).
const entry = createRequire(import.meta.url).resolve('micromark-extension-math');
const { math } = (await import(new URL('lib/syntax.js', pathToFileURL(entry)).href)) as { math: (options?: MathOptions) => Extension };

/**
 * `remark-math` for parsing: `$inline$` and `$$display$$` math become `inlineMath` and `math`
 * nodes. Single dollars follow Pandoc's rule (`tex_math_dollars`), so prices stay text: the
 * opening `$` has a non-space character right after it, the closing `$` a non-space character
 * right before it and no digit right after it. `$(a^2 + b^2)$` is math; `$100 - $200` and
 * `$28/mes o $290/año` are not. This is what the hosted platform documents: "dollar signs now
 * render as plain text unless wrapped in math delimiters", while its own pages still write
 * `$…$` math. Pages are never written back to Markdown by this processor, so no serialiser is
 * added.
 */
export function remarkMathSyntax(this: Processor): undefined {
  const data = this.data();
  const extension = math();
  const text = extension.text as Record<number, Construct>;
  text[dollar] = withPandocDollars(text[dollar]!);
  (data.micromarkExtensions ??= []).push(extension);
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}

const dollar = 36;

/** micromark's whitespace and line endings: space, and the negative codes (tab, virtual space, CR, LF, CRLF). */
const isSpace = (code: Code): boolean => code === null || code < 0 || code === 32;
const isDigit = (code: Code): boolean => code !== null && code >= 48 && code <= 57;

/**
 * micromark-extension-math's text construct (its `resolve` and `previous` kept) with a tokenizer
 * that applies Pandoc's rule to single dollars; `$$…$$` in text is tokenized as before.
 */
function withPandocDollars(construct: Construct): Construct {
  return { ...construct, tokenize: tokenizeMathText };

  function tokenizeMathText(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    let sizeOpen = 0;
    let size = 0;
    let token: Token;
    let afterSpace = false;
    return start;

    function start(code: Code): State | undefined {
      effects.enter('mathText');
      effects.enter('mathTextSequence');
      return sequenceOpen(code);
    }

    function sequenceOpen(code: Code): State | undefined {
      if (code === dollar) {
        effects.consume(code);
        sizeOpen++;
        return sequenceOpen;
      }
      // `$ x$`, `$` at the end of a line: a lone dollar, not math.
      if (sizeOpen === 1 && isSpace(code)) return nok(code);
      effects.exit('mathTextSequence');
      return between(code);
    }

    function between(code: Code): State | undefined {
      if (code === null) return nok(code);
      if (code === dollar) {
        // After a space, a single `$` cannot close (`$100 - $200`): it is content.
        if (sizeOpen === 1 && afterSpace) {
          effects.enter('mathTextData');
          effects.consume(code);
          afterSpace = false;
          return data;
        }
        token = effects.enter('mathTextSequence');
        size = 0;
        return sequenceClose(code);
      }
      if (code === 32) {
        effects.enter('space');
        effects.consume(code);
        effects.exit('space');
        afterSpace = true;
        return between;
      }
      if (code < -2) {
        effects.enter('lineEnding');
        effects.consume(code);
        effects.exit('lineEnding');
        afterSpace = true;
        return between;
      }
      effects.enter('mathTextData');
      return data(code);
    }

    function data(code: Code): State | undefined {
      if (code === null || code === 32 || code === dollar || (code !== null && code < -2)) {
        effects.exit('mathTextData');
        return between(code);
      }
      afterSpace = isSpace(code);
      effects.consume(code);
      return data;
    }

    function sequenceClose(code: Code): State | undefined {
      if (code === dollar) {
        effects.consume(code);
        size++;
        return sequenceClose;
      }
      // A single `$` right before a digit does not close (`$5 and $10`).
      if (size === sizeOpen && !(sizeOpen === 1 && isDigit(code))) {
        effects.exit('mathTextSequence');
        effects.exit('mathText');
        return ok(code);
      }
      token.type = 'mathTextData';
      afterSpace = false;
      return data(code);
    }
  }
}
