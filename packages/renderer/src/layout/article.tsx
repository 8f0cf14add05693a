/** @jsxRuntime automatic @jsxImportSource preact */
// The page itself: eyebrow, title, description, reading time, content, previous/next links,
// and the table of contents or the side content beside it.
import { Icon } from '../components/icon.js';
import { formatUiString, type UiStrings } from '../i18n/ui-strings.js';
import type { LayoutTocEntry } from './types.js';

/** A link to a neighbouring page. */
export interface PagerLink {
  href: string;
  title: string;
}

/** The header of the page: eyebrow, title (with the contextual menu beside it), description, reading time. */
export function PageHeader(props: {
  eyebrow: string[];
  eyebrowStyle: 'section' | 'breadcrumbs';
  title: string | undefined;
  description: string | undefined;
  readingMinutes: number | undefined;
  contextualMenu: string | undefined;
  /** A class more for the menu's slot (`dg-contextual-narrow`: shown only where the table of contents is hidden). */
  contextualSlotClass?: string | undefined;
  strings: UiStrings;
  /** The platform's ids for the header and its `<h1>` (`#header`, `#page-title`), when the page's content leaves them free. */
  ids?: { header?: string | undefined; title?: string | undefined } | undefined;
}) {
  const { eyebrow } = props;
  const hasEyebrow = eyebrow.length > 0;
  return (
    <header class="dg-page-header" id={props.ids?.header}>
      {hasEyebrow && props.eyebrowStyle === 'breadcrumbs' ? (
        <nav class="dg-eyebrow dg-breadcrumbs eyebrow" aria-label={props.strings.breadcrumbs}>
          <ol role="list">
            {eyebrow.map((crumb) => (
              <li>{crumb}</li>
            ))}
          </ol>
        </nav>
      ) : hasEyebrow ? (
        <p class="dg-eyebrow eyebrow">{eyebrow.at(-1)}</p>
      ) : null}
      {props.title !== undefined || props.contextualMenu ? (
        <div class="dg-title-row">
          {props.title !== undefined ? <h1 class="dg-title" id={props.ids?.title}>{props.title}</h1> : <span />}
          {props.contextualMenu ? <div class={props.contextualSlotClass ? `dg-contextual-slot ${props.contextualSlotClass}` : 'dg-contextual-slot'} dangerouslySetInnerHTML={{ __html: props.contextualMenu }} /> : null}
        </div>
      ) : null}
      {props.description ? <p class="dg-description">{props.description}</p> : null}
      {props.readingMinutes ? (
        <p class="dg-reading-time">
          <Icon icon="clock" library="lucide" class="dg-nav-icon" />
          <span>{formatUiString(props.strings.minutesRead, { minutes: props.readingMinutes })}</span>
        </p>
      ) : null}
    </header>
  );
}

/** Previous and next page links. */
export function Pager(props: { previous: PagerLink | undefined; next: PagerLink | undefined; strings: UiStrings; id?: string | undefined }) {
  if (!props.previous && !props.next) return null;
  return (
    <nav class="dg-pager" id={props.id} aria-label={props.strings.pager}>
      {props.previous ? (
        <a class="dg-pager-link dg-pager-previous pagination-prev" href={props.previous.href} rel="prev">
          <span class="dg-pager-label">
            <Icon icon="arrow-left" library="lucide" class="dg-nav-icon dg-flip" /> {props.strings.previous}
          </span>
          <span class="dg-pager-title pagination-title">{props.previous.title}</span>
        </a>
      ) : (
        <span />
      )}
      {props.next ? (
        <a class="dg-pager-link dg-pager-next pagination-next" href={props.next.href} rel="next">
          <span class="dg-pager-label">
            {props.strings.next} <Icon icon="arrow-right" library="lucide" class="dg-nav-icon dg-flip" />
          </span>
          <span class="dg-pager-title pagination-title">{props.next.title}</span>
        </a>
      ) : null}
    </nav>
  );
}

/** The table of contents: h2 and h3 headings; the client marks the one being read. */
export function TableOfContents(props: { toc: readonly LayoutTocEntry[]; title: string; id?: string | undefined }) {
  const entries = props.toc.filter((entry) => entry.id && entry.text);
  if (entries.length === 0) return null;
  return (
    <nav class="dg-toc toc" id={props.id} aria-labelledby="dg-toc-title">
      <p class="dg-toc-title" id="dg-toc-title">
        <Icon icon="list" library="lucide" class="dg-nav-icon" />
        {props.title}
      </p>
      <ul class="dg-toc-list" role="list">
        {entries.map((entry) => (
          // Counted from 0 for `##`, as on the hosted platform, whose custom CSS selects
          // `#table-of-contents li[data-depth="0"]` (section numbers, in real projects).
          <li class="dg-toc-item toc-item" data-depth={Math.max(0, entry.depth - 2)}>
            <a class="dg-toc-link" href={`#${entry.id}`}>
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
