/** @jsxRuntime automatic @jsxImportSource preact */
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { codeHtml } from '../content-facts.js';
import { useIsMarkdown } from '../render-context.js';
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
 */
export function CodeBlock(props: CodeBlockProps) {
  const isMarkdown = useIsMarkdown();
  const strings = useUiStrings();
  const inGroup = useContext(CodeGroupContext);
  const html = parseText(props.html);
  const language = parseText(props.language);
  const title = parseText(props.title) ?? parseText(props.filename);
  const code =
    parseText(props.code) ??
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
        // Trusted: Shiki builds this HTML at build time from escaped code (see README, Security).
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
