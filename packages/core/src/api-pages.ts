import type { ApiPageModel, AsyncApiPageModel, LoadedSpec, OperationLookup } from '@docsgen/openapi-pages';
import type { SpecEntry } from './api-specs.js';
import type { PageInfo } from './pages.js';

// The pages of the API reference: hand-written pages bound to an operation by their
// frontmatter `openapi`, and a generated page for every other operation, webhook and channel
// operation of the specs docs.json lists.

/**
 * Binds each page of `bound` to the operation its frontmatter `openapi` names (`bindingOf`
 * reads the value): the bound models by page slug. A bound page without a title of its own
 * (frontmatter or heading) takes the operation's, and shows its method; `pages` is updated.
 */
export function bindPages(pages: Map<string, PageInfo>, bound: readonly PageInfo[], lookup: OperationLookup, bindingOf: (page: PageInfo) => string): Map<string, ApiPageModel> {
  const bindings = new Map<string, ApiPageModel>();
  for (const page of bound) {
    const model = lookup.find(bindingOf(page));
    if (!model) continue;
    bindings.set(page.slug, model);
    const title = page.titleSource === 'file' ? (model.overrides?.title ?? model.title) : undefined;
    const named = title ? { title, titleSource: 'frontmatter' as const, sidebarTitle: page.sidebarTitle === page.title ? (model.overrides?.sidebarTitle ?? title) : page.sidebarTitle } : {};
    pages.set(page.slug, { ...page, ...named, ...(page.frontmatter.hideApiMarker === true ? {} : { method: model.method }) });
  }
  return bindings;
}

/** A page for every model of the `listed` specs but those a hand-written page is bound to (`boundSlugs`), by slug. */
export function generatedPages(root: string, listed: ReadonlyMap<string, SpecEntry>, boundSlugs: ReadonlyMap<string, string>): Map<string, PageInfo> {
  const generated = new Map<string, PageInfo>();
  for (const entry of listed.values()) {
    for (const model of entry.pages) {
      if (boundSlugs.has(model.slug)) continue;
      generated.set(model.slug, generatedPage(root, entry.spec, model));
    }
  }
  return generated;
}

/** The OpenAPI operation and webhook models of `specs` (AsyncAPI ones left out). */
export function openApiModels(specs: ReadonlyMap<string, SpecEntry>): ApiPageModel[] {
  return [...specs.values()].flatMap((entry) => (entry.spec.kind === 'openapi' ? (entry.pages as ApiPageModel[]) : []));
}

function generatedPage(root: string, spec: LoadedSpec, model: ApiPageModel | AsyncApiPageModel): PageInfo {
  const isAsync = model.kind === 'channel-operation';
  // `x-mint.metadata` of the operation overrides the page's texts.
  const overrides = isAsync ? {} : ((model as ApiPageModel).overrides ?? {});
  const title = overrides.title ?? model.title;
  const description = overrides.description ?? (model.summary && model.summary !== title ? model.summary : undefined);
  return {
    slug: model.slug,
    file: spec.file ?? `${root}/${spec.label}`,
    relativePath: spec.label,
    format: 'md',
    isSection: false,
    frontmatter: {},
    title,
    titleSource: 'frontmatter',
    sidebarTitle: overrides.sidebarTitle ?? title,
    description,
    isDraft: false,
    isNoindex: false,
    isHidden: model.isHidden,
    externalUrl: undefined,
    method: isAsync ? (model as AsyncApiPageModel).action : (model as ApiPageModel).kind === 'webhook' ? 'HOOK' : (model as ApiPageModel).method,
    api: isAsync ? { kind: 'asyncapi', model: model as AsyncApiPageModel } : { kind: 'openapi', model: model as ApiPageModel },
  };
}
