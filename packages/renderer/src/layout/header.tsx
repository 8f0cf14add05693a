/** @jsxRuntime automatic @jsxImportSource preact */
// The top navigation: logo and site name, search button, navbar links, version and language
// selectors, theme toggle, primary call to action; and the tabs row.
import { Icon } from '../components/icon.js';
import { sanitizeHref } from '../safe-url.js';
import { projectUrl } from './appearance.js';
import { divisionsKey, memoized, objectKey, type LayoutMemo } from './layout-memo.js';
import { ExternalMark, NavIcon, Tag, linkAttributes, pageLinkOf } from './links.js';
import { firstPageUnder, type NavIndex, type PageChrome, type Variant } from './navigation-view.js';
import type { UiStrings } from '../i18n/ui-strings.js';
import type { LayoutConfig } from './types.js';

/** One choice of a version or language selector. */
export interface VariantChoice {
  label: string;
  href: string;
  isCurrent: boolean;
}

function Logo(props: { config: LayoutConfig }) {
  const { config } = props;
  const logo = config.logo;
  const sources = typeof logo === 'string' ? { light: logo, dark: logo } : { light: logo?.light ?? logo?.dark, dark: logo?.dark ?? logo?.light };
  const light = sources.light ? projectUrl(sources.light) : undefined;
  const dark = sources.dark ? projectUrl(sources.dark) : undefined;
  const href = (typeof logo === 'object' && logo.href && sanitizeHref(logo.href)) || '/';
  const hasLogo = light !== undefined || dark !== undefined;
  return (
    <a class="dg-logo nav-logo" href={href}>
      {light ? <img class={light === dark ? 'dg-logo-img' : 'dg-logo-img dg-logo-light'} src={light} alt="" /> : null}
      {dark && dark !== light ? <img class="dg-logo-img dg-logo-dark" src={dark} alt="" /> : null}
      <span class={hasLogo ? 'dg-sr-only' : 'dg-site-name'}>{config.name}</span>
    </a>
  );
}

/**
 * A menu of variants (versions, languages) as links: works without JavaScript. Its button is
 * the same on every page of a variant (from `memo` when given); the links lead to this page.
 */
export function VariantMenu(props: { kind: 'version' | 'language'; label: string; icon?: string; choices: VariantChoice[]; memo?: LayoutMemo | undefined }) {
  if (props.choices.length < 2) return null;
  const current = props.choices.find((choice) => choice.isCurrent) ?? props.choices[0];
  const { kind, label, icon } = props;
  return (
    <details class="dg-menu dg-variant-menu">
      {memoized(props.memo, `variant-button\u0000${kind}\u0000${label}\u0000${icon ?? ''}\u0000${current?.label ?? ''}`, () => (
        <VariantMenuButton kind={kind} label={label} icon={icon} current={current?.label} />
      ))}
      <ul class="dg-menu-list" role="list">
        {props.choices.map((choice) => (
          <li>
            <a class="dg-menu-item" href={choice.href} aria-current={choice.isCurrent ? 'true' : undefined}>
              {choice.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function VariantMenuButton(props: { kind: 'version' | 'language'; label: string; icon: string | undefined; current: string | undefined }) {
  return (
    // `data-variant` and `data-current` name the choice in any language (search scopes by version).
    <summary class="dg-menu-button" aria-label={`${props.label}: ${props.current ?? ''}`} data-variant={props.kind} data-current={props.current}>
      {props.icon ? <Icon icon={props.icon} class="dg-nav-icon" /> : null}
      <span>{props.current}</span>
      <Icon icon="chevron-down" library="lucide" class="dg-chevron" />
    </summary>
  );
}

function PrimaryAction(props: { config: LayoutConfig; strings: UiStrings; id?: string | undefined }) {
  const primary = props.config.navbar?.primary;
  if (!primary?.href) return null;
  const attributes = linkAttributes(primary.href);
  if (primary.type === 'github' || primary.type === 'discord') {
    const name = primary.type === 'github' ? 'GitHub' : 'Discord';
    return (
      <a class={primary.label ? 'dg-primary dg-primary-service' : 'dg-icon-button dg-primary-service'} id={props.id} {...attributes} aria-label={primary.label ? undefined : `${name} (opens in a new tab)`}>
        <Icon icon={primary.type} library="fontawesome" class="dg-nav-icon" />
        {primary.label ? <span>{primary.label}</span> : null}
      </a>
    );
  }
  return (
    <a class="dg-primary" id={props.id} {...attributes}>
      <span>{primary.label ?? props.strings.getStarted}</span>
      <Icon icon="chevron-right" library="lucide" class="dg-nav-icon dg-flip" />
    </a>
  );
}

function NavbarLinks(props: { config: LayoutConfig }) {
  const links = props.config.navbar?.links ?? [];
  if (links.length === 0) return null;
  return (
    <ul class="dg-navbar-links" role="list">
      {links.map((link) => {
        if (!link.href) return null;
        const service = link.type === 'github' ? 'GitHub' : link.type === 'discord' ? 'Discord' : undefined;
        const label = link.label ?? service ?? link.href;
        return (
          <li class="navbar-link">
            <a class="dg-navbar-link" {...linkAttributes(link.href)} aria-label={link.label ? undefined : label}>
              <NavIcon icon={link.icon ?? link.type} />
              {link.label ? <span>{link.label}</span> : null}
              {link.label ? <ExternalMark href={link.href} /> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

interface TabsProps {
  chrome: PageChrome;
  index: NavIndex;
  variant: Variant;
  class: string;
  strings: UiStrings;
}

/**
 * The tabs of the page's level, each linking to its first page (or its `href`); from `memo`
 * when given: the same on every page of a tab.
 */
export function Tabs(props: TabsProps & { memo?: LayoutMemo | undefined }) {
  const { chrome, variant, memo, ...rest } = props;
  return memoized(memo, `tabs\u0000${divisionsKey(chrome.tabs)}\u0000${variant.version ?? ''}\u0000${variant.language ?? ''}\u0000${props.class}\u0000${objectKey(props.strings)}`, () => (
    <TabsRow chrome={chrome} variant={variant} {...rest} />
  ));
}

function TabsRow(props: TabsProps) {
  const { chrome, index, variant } = props;
  const items = chrome.tabs.flatMap(({ node, isCurrent }) => {
    const first = node.href ? undefined : firstPageUnder(index, node, variant);
    const href = node.href ?? (first ? pageLinkOf(index.data.pages.get(first), first, index.data.homeSlug) : undefined);
    if (!href) return [];
    return [
      <li>
        <a class="dg-section-tab nav-tabs-item" {...linkAttributes(href)} aria-current={isCurrent ? 'true' : undefined} data-active={isCurrent ? '' : undefined}>
          <NavIcon icon={node.icon} />
          <span>{node.title}</span>
          <Tag text={node.tag} />
          <ExternalMark href={href} />
        </a>
      </li>,
    ];
  });
  // No tab with a page to go to in this version or language: no empty bar either.
  if (items.length === 0) return null;
  return (
    <nav class={props.class} aria-label={props.strings.sections}>
      <ul class="nav-tabs" role="list">
        {items}
      </ul>
    </nav>
  );
}

export interface HeaderProps {
  config: LayoutConfig;
  versions: VariantChoice[];
  languages: VariantChoice[];
  /** Show the search box (docsgen.config `search: false` hides it). */
  hasSearch: boolean;
  /** Show the light/dark toggle (`appearance.strict` hides it). */
  hasToggle: boolean;
  /** The page has a sidebar or a navbar to show in the phone's menu: small screens get a button that opens it. */
  hasSidebar: boolean;
  /** The tabs row, when the theme shows it in the header. */
  tabs: preact.ComponentChildren;
  /** The platform's id of the bar (`#navbar`), when the page's content leaves it free. */
  id?: string | undefined;
  /** The site's own labels in the page's language. */
  strings: UiStrings;
  /** The site's rendered parts: the bar's logo, search, links and buttons are rendered once (default: none, all rendered here). */
  memo?: LayoutMemo | undefined;
}

/** The top navigation bar and the tabs row under it. */
export function Header(props: HeaderProps) {
  const { config, strings, memo } = props;
  const labels = objectKey(strings);
  return (
    <header class="dg-header" id={props.id}>
      <div class="dg-header-bar">
        {memoized(memo, `header-start\u0000${props.hasSidebar}\u0000${props.hasSearch}\u0000${labels}`, () => (
          <HeaderStart config={config} hasSearch={props.hasSearch} hasSidebar={props.hasSidebar} strings={strings} />
        ))}
        <div class="dg-header-end">
          {memoized(memo, 'navbar-links', () => <NavbarLinks config={config} />)}
          <VariantMenu kind="version" label={strings.version} choices={props.versions} memo={memo} />
          <VariantMenu kind="language" label={strings.language} icon="language" choices={props.languages} memo={memo} />
          {memoized(memo, `header-end\u0000${props.hasToggle}\u0000${labels}`, () => <HeaderEnd config={config} hasToggle={props.hasToggle} strings={strings} />)}
        </div>
      </div>
      {props.tabs}
    </header>
  );
}

/** The start of the bar: the phone's menu button, the logo and the search button. */
function HeaderStart(props: Pick<HeaderProps, 'config' | 'hasSearch' | 'hasSidebar' | 'strings'>) {
  const { config, strings } = props;
  const prompt = config.search?.prompt || strings.search;
  return (
    <>
    {props.hasSidebar ? (
      <button class="dg-icon-button dg-nav-toggle" type="button" aria-label={strings.openNavigation} aria-controls="dg-sidebar" aria-expanded="false">
        <Icon icon="menu" library="lucide" class="dg-nav-icon" />
      </button>
    ) : null}
    <Logo config={config} />
    <div class="dg-header-search">
      {props.hasSearch ? (
        <button class="dg-search-button" id="search-bar-entry" type="button" data-dg-search="" aria-keyshortcuts="Control+K Meta+K">
          <Icon icon="search" library="lucide" class="dg-nav-icon" />
          <span class="dg-search-prompt">{prompt}</span>
          <kbd class="dg-search-key">Ctrl K</kbd>
        </button>
      ) : null}
    </div>
    </>
  );
}

/** The end of the bar: the light/dark toggle and the primary call to action. */
function HeaderEnd(props: Pick<HeaderProps, 'config' | 'hasToggle' | 'strings'>) {
  const { config, strings } = props;
  return (
    <>
      {props.hasToggle ? (
        <button class="dg-icon-button dg-theme-toggle" type="button" aria-label={strings.darkMode} aria-pressed="false" data-dg-theme-toggle="">
          <Icon icon="sun" library="lucide" class="dg-nav-icon dg-when-light" />
          <Icon icon="moon" library="lucide" class="dg-nav-icon dg-when-dark" />
        </button>
      ) : null}
      <PrimaryAction config={config} strings={strings} id="topbar-cta-button" />
    </>
  );
}

/**
 * `true` when the navbar has something for the phone's menu: a link, or a primary button with
 * a label (an icon-only GitHub or Discord button stays in the header bar, where it fits).
 */
export function hasDrawerLinks(config: LayoutConfig): boolean {
  const primary = config.navbar?.primary;
  return (config.navbar?.links ?? []).some((link) => link.href) || isLabelledPrimary(primary);
}

function isLabelledPrimary(primary: NonNullable<LayoutConfig['navbar']>['primary']): boolean {
  return Boolean(primary?.href) && !((primary?.type === 'github' || primary?.type === 'discord') && !primary.label);
}

/**
 * The version and language menus again, in the navigation drawer: on a phone the header bar
 * has no room for them beside the logo and its buttons (crewAI's two menus read "E" and "E…"),
 * so they show here instead (`layout.css`). Nothing when the page has neither.
 */
export function DrawerVariants(props: { versions: VariantChoice[]; languages: VariantChoice[]; strings: UiStrings; memo?: LayoutMemo | undefined }) {
  const { versions, languages, strings, memo } = props;
  if (versions.length < 2 && languages.length < 2) return null;
  return (
    <div class="dg-drawer-variants">
      <VariantMenu kind="version" label={strings.version} choices={versions} memo={memo} />
      <VariantMenu kind="language" label={strings.language} icon="language" choices={languages} memo={memo} />
    </div>
  );
}

/**
 * The top of the navigation drawer on small screens (hidden on wide ones, where the header
 * shows all of it): a close button, then the navbar links and the primary call to action,
 * which the header bar has no room for on a phone.
 */
export function DrawerHead(props: { config: LayoutConfig; strings: UiStrings; memo?: LayoutMemo | undefined }) {
  const { config, strings, memo } = props;
  return memoized(memo, `drawer-head\u0000${objectKey(strings)}`, () => <DrawerHeadParts config={config} strings={strings} />);
}

function DrawerHeadParts(props: { config: LayoutConfig; strings: UiStrings }) {
  const { config, strings } = props;
  return (
    <div class="dg-drawer-head">
      <div class="dg-drawer-bar">
        <span class="dg-drawer-title">{strings.navigation}</span>
        <button class="dg-icon-button dg-drawer-close" type="button" aria-label={strings.closeNavigation} data-dg-drawer-close="">
          <Icon icon="x" library="lucide" class="dg-nav-icon" />
        </button>
      </div>
      {hasDrawerLinks(config) ? (
        <div class="dg-drawer-links">
          <NavbarLinks config={config} />
          {isLabelledPrimary(config.navbar?.primary) ? <PrimaryAction config={config} strings={strings} /> : null}
        </div>
      ) : null}
    </div>
  );
}
