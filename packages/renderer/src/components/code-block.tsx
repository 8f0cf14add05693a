/** @jsxRuntime automatic @jsxImportSource preact */
import { createContext, toChildArray, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { codeHtml } from '../content-facts.js';
import { useRenderContext } from '../render-context.js';
import { parseBoolean, parseText, rootAttributes, textOfChildren, type PassThroughProps } from '../props.js';
import { useUiStrings } from '../i18n/use-ui-strings.js';
import { Icon, iconOf } from './icon.js';

/** `true` inside a code group, where the tab already shows the title. */
export const CodeGroupContext = createContext(false);

export interface CodeBlockProps extends PassThroughProps {
  /** Highlighted `<pre class="shiki">` HTML from the highlighting plugin (trusted, built from escaped code). */
  html?: string;
  /** Raw source. */
  code?: string;
  language?: string;
  /** Lines to mark (`1-3,5`): read only to highlight text children (see `CodeBlock`). */
  highlight?: string;
  /** Lines to focus (`1-3,5`): read only to highlight text children. */
  focus?: string;
  /** Caption; `filename` is an alias for authors. */
  title?: string;
  filename?: string;
  icon?: string;
  /** Show line numbers. */
  lines?: boolean | string;
  /** Wrap long lines. */
  wrap?: boolean | string;
  /** Collapse long blocks behind a "Show more" toggle. */
  expandable?: boolean | string;
  /** `bar` shows the caption bar, `bare` hides it (default: `bar`). */
  chrome?: string;
  /** `always`, `hover` (shown on hover or keyboard focus) or `none` (default: `always`). */
  copy?: string | boolean;
  children?: ComponentChildren;
}

/** Blocks with more lines than this collapse when `expandable` is set (the CSS max height matches). */
const collapsedLines = 16;

/** Text of trusted Shiki HTML, for markdown mode when only `html` was given. */
function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|lt|gt|amp|quot|apos|#39);/gi, (_, entity: string) => {
      const lower = entity.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? '';
    });
}

/**
 * Text children (strings and numbers only: `{PyUsage}`, a string a snippet exports) as the
 * highlighting plugin reads literal ones: no leading blank line, no trailing white space.
 * `undefined` for anything else (elements, nothing).
 */
function textOnlyChildren(children: ComponentChildren): string | undefined {
  const list = toChildArray(children);
  if (list.length === 0 || !list.every((child) => typeof child === 'string' || typeof child === 'number')) return undefined;
  return list.join('').replace(/^[ \t]*\n/, '').replace(/\s+$/, '');
}

function copyMode(value: unknown): 'always' | 'hover' | 'none' {
  if (value === 'hover' || value === 'none') return value;
  if (value === 'always') return 'always';
  return parseBoolean(value, true) ? 'always' : 'none';
}

/**
 * A code block. Html mode: `<figure class="dg-code">` with a caption bar when it has a title
 * or an icon (not when `bare`, nor inside a code group, whose tabs are its bar), the
 * highlighted HTML (or escaped plain code, one `.line` span per line), a copy button (in the
 * bar, or floating in the corner of a block without one) and, for long expandable blocks, a
 * "Show more" toggle. Markdown mode:
 * `<pre data-language data-title><code>` with the raw code.
 *
 * A block without `html` whose children are text (a value known only now: `{PyUsage}`) is
 * highlighted with the render context's `highlightCode`, the same HTML and copied code as the
 * block written with literal text; without one, or when it gives nothing, it is plain text.
 */
export function CodeBlock(props: CodeBlockProps) {
  const context = useRenderContext();
  const isMarkdown = context.mode === 'markdown';
  const strings = useUiStrings();
  const inGroup = useContext(CodeGroupContext);
  const language = parseText(props.language);
  const title = parseText(props.title) ?? parseText(props.filename);
  const given = parseText(props.html);
  const text = given === undefined && parseText(props.code) === undefined ? textOnlyChildren(props.children) : undefined;
  // In the twin too: its code is the code as copied (`[!code …]` markers removed).
  const highlighted =
    text === undefined || !context.highlightCode
      ? undefined
      : context.highlightCode({ code: text, language, highlight: parseText(props.highlight), focus: parseText(props.focus), lines: parseBoolean(props.lines), wrap: parseBoolean(props.wrap) });
  const html = given ?? highlighted?.html;
  const code =
    highlighted?.code ??
    parseText(props.code) ??
    text ??
    (props.children === undefined ? (html === undefined ? '' : textOfHtml(html)) : textOfChildren(props.children));

  if (isMarkdown) {
    return (
      <pre data-language={language} data-title={title}>
        <code>{code.replace(/\n$/, '')}</code>
      </pre>
    );
  }

  const chrome = props.chrome === 'bare' ? 'bare' : 'bar';
  const copy = copyMode(props.copy);
  const hasLines = parseBoolean(props.lines);
  const isExpandable = parseBoolean(props.expandable) && (html !== undefined && code === '' ? true : code.replace(/\n$/, '').split('\n').length > collapsedLines);
  // An untitled block gets no bar: a page of short snippets stays light, as on the platform.
  const showBar = chrome === 'bar' && !inGroup && (title !== undefined || props.icon !== undefined);
  // Without a bar the copy button floats in the corner; an untitled block shows it on hover
  // and keyboard focus (a `bare` one as `copy` says), a code group in its tabs row.
  const isFloating = !showBar && !inGroup;
  const copyShown = isFloating && chrome === 'bar' && copy === 'always' ? 'hover' : copy;
  const attributes = rootAttributes(props, 'dg-code code-block');
  return (
    <figure
      class={attributes.class}
      style={attributes.style}
      data-component-part="code-block-root"
      data-chrome={chrome}
      data-bar={showBar ? '' : undefined}
      data-floating={isFloating ? '' : undefined}
      data-copy={copyShown}
      data-language={language}
      data-lines={hasLines ? '' : undefined}
      data-wrap={parseBoolean(props.wrap) ? '' : undefined}
      data-expandable={isExpandable ? '' : undefined}
    >
      {showBar && (
        <figcaption class="dg-code-bar">
          <Icon icon={iconOf(props.icon)} />
          {title !== undefined && <span class="dg-code-title">{title}</span>}
          {language !== undefined && language !== title && <span class="dg-code-language">{language}</span>}
        </figcaption>
      )}
      {html === undefined ? (
        <div class="dg-code-body">
          <pre class="dg-code-plain">
            <code class={language === undefined ? undefined : `language-${language}`}>
              {code
                .replace(/\n$/, '')
                .split('\n')
                .map((line, index) => (
                  <>
                    {index > 0 && '\n'}
                    <span class="line">{line}</span>
                  </>
                ))}
            </code>
          </pre>
        </div>
      ) : (
        // Trusted: Shiki builds this HTML from escaped code, when the page compiles or, for text
        // children, as it renders (see README, Security).
        <div class="dg-code-body" dangerouslySetInnerHTML={codeHtml(html)} />
      )}
      {copy !== 'none' && (
        <button type="button" class="dg-code-copy" aria-label={strings.copyCode}>
          <Icon icon="copy" library="lucide" class="dg-code-copy-icon" />
          <span class="dg-code-copy-text">{strings.copy}</span>
        </button>
      )}
      {isExpandable && (
        <button type="button" class="dg-code-expand" aria-expanded="false">
          {strings.showMore}
        </button>
      )}
    </figure>
  );
}
