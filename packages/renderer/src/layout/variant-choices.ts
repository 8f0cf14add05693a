// The version and language menus of a page: which variants are offered, their labels, and
// the page each one leads to.
import { pageLinkOf } from './links.js';
import { pagesOfVariant, slugInVariant, type NavIndex, type Variant } from './navigation-view.js';
import type { VariantChoice } from './header.js';
import type { LayoutNavNode } from './types.js';

/** Language labels by code: the same few for every page, and `Intl.DisplayNames` is slow to make. */
const languageLabels = new Map<string, string>();

function languageLabel(code: string): string {
  let label = languageLabels.get(code);
  if (label === undefined) languageLabels.set(code, (label = nameOfLanguage(code)));
  return label;
}

function nameOfLanguage(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** Per navigation, the labels of its hidden variants: every page asks, the navigation is walked once. */
const hiddenVariantsOf = new WeakMap<readonly LayoutNavNode[], Record<'version' | 'language', Set<string>>>();

/** Labels of the versions (or languages) every entry of which is `hidden: true`. */
function hiddenVariants(nodes: readonly LayoutNavNode[] | undefined, kind: 'version' | 'language'): Set<string> {
  if (!nodes) return new Set();
  let found = hiddenVariantsOf.get(nodes);
  if (!found) {
    const shown = { version: new Set<string>(), language: new Set<string>() };
    found = { version: new Set<string>(), language: new Set<string>() };
    const walk = (list: readonly LayoutNavNode[] | undefined): void => {
      for (const node of list ?? []) {
        if ((node.kind === 'version' || node.kind === 'language') && node.title !== undefined) (node.isHidden ? found! : shown)[node.kind].add(node.title);
        walk(node.children);
      }
    };
    walk(nodes);
    for (const variant of ['version', 'language'] as const) for (const label of shown[variant]) found[variant].delete(label);
    hiddenVariantsOf.set(nodes, found);
  }
  return found[kind];
}

/** The choices of a page's version (or language) menu: each leads to the same page in that variant, else to its first page. */
export function variantChoices(index: NavIndex, slug: string, current: Variant, kind: 'version' | 'language'): VariantChoice[] {
  const model = index.data.navigation;
  // A hidden version is left out of the menu, except on its own pages (reached by URL).
  const hidden = hiddenVariants(model?.children, kind);
  const labels = ((kind === 'version' ? model?.versions : model?.languages) ?? []).filter((label) => !hidden.has(label) || current[kind] === label);
  return labels.map((label) => {
    let to: Variant = kind === 'version' ? { ...current, version: label } : { ...current, language: label };
    if (pagesOfVariant(index, to).length === 0) to = kind === 'version' ? { version: label, language: undefined } : { version: undefined, language: label };
    const target = slugInVariant(index, slug, current, to);
    return {
      label: kind === 'language' ? languageLabel(label) : label,
      href: target === undefined ? '/' : pageLinkOf(index.data.pages.get(target), target, index.data.homeSlug),
      isCurrent: (kind === 'version' ? current.version : current.language) === label,
    };
  });
}
