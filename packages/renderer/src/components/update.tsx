/** @jsxRuntime automatic @jsxImportSource preact */
import { isValidElement, type ComponentChildren } from 'preact';
import { recordUpdate } from '../content-facts.js';
import { useIsMarkdown } from '../render-context.js';
import { parseList, parseText, rootAttributes, textOfChildren, type PassThroughProps } from '../props.js';
import { slugify } from '../slug.js';
import { useUiStrings } from '../i18n/use-ui-strings.js';

export interface UpdateProps extends PassThroughProps {
  /** Entry label, such as a date or version (required); also its anchor id. JSX is rendered, and its text is the anchor. */
  label?: string | ComponentChildren;
  description?: string;
  /** Tags shown as badges. */
  tags?: string[] | string;
  /** Anchor id (default: the label as a slug). */
  id?: string;
  children?: ComponentChildren;
}

/**
 * A changelog entry: `<section id>` with the label as an `<h2>` and a self-link. Markdown mode:
 * `<h3>label</h3>`, the description, then the content.
 */
export function Update(props: UpdateProps) {
  // A label written as JSX (`label={<><Icon … /><span>Quickstart</span></>}`) is rendered as
  // it is; its text is the anchor and what the table of contents lists.
  const isNodeLabel = isValidElement(props.label);
  const label = isNodeLabel ? textOfChildren(props.label as ComponentChildren).replace(/\s+/g, ' ').trim() : (parseText(props.label) ?? '');
  const shown = isNodeLabel ? (props.label as ComponentChildren) : label;
  const description = parseText(props.description);
  if (useIsMarkdown()) {
    return (
      <>
        <h3>{shown}</h3>
        {description !== undefined && <p>{description}</p>}
        <div>{props.children}</div>
      </>
    );
  }
  const strings = useUiStrings();
  const id = parseText(props.id) ?? slugify(label);
  const tags = parseList(props.tags);
  const attributes = rootAttributes(props, 'dg-update update');
  // The page's table of contents lists the entries by label (`ContentFacts.updates`).
  if (id !== '') recordUpdate({ id, label });
  return (
    <section class={attributes.class} style={attributes.style} id={id === '' ? undefined : id} data-label={id === '' ? undefined : label}>
      <div class="dg-update-meta">
        <h2 class="dg-update-label">
          {shown}
          {id !== '' && (
            <a class="dg-heading-anchor" href={`#${id}`} aria-label={strings.linkToSection}>
              <span aria-hidden="true">#</span>
            </a>
          )}
        </h2>
        {description !== undefined && <p class="dg-update-description">{description}</p>}
        {tags.length > 0 && (
          <ul class="dg-update-tags" aria-label={strings.tags}>
            {tags.map((tag) => (
              <li class="dg-badge" data-color="gray" data-size="sm" data-shape="pill">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div class="dg-update-body">{props.children}</div>
    </section>
  );
}
