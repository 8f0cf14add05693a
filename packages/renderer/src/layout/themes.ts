// The five themes. A theme is a folder under `themes/<name>/` with its stylesheet
// (`theme.css`); the layout structure is shared, and the few places where a theme arranges
// it differently are the options below.

/** Names of the themes docsgen ships. */
export const themeNames = ['base', 'pith', 'pip', 'readable', 'theme-e'] as const;

/** A theme docsgen ships. */
export type LayoutThemeName = (typeof themeNames)[number];

/** How a theme arranges the shared layout. */
export interface LayoutTheme {
  name: LayoutThemeName;
  /** Where the tabs are listed: a row in the header, or at the top of the sidebar. */
  tabsPlacement: 'header' | 'sidebar';
  /** Label of the table of contents: a key of the labels table (`../i18n/`). */
  tocTitle: 'onThisPage' | 'contents';
}

const themes: Record<LayoutThemeName, LayoutTheme> = {
  base: { name: 'base', tabsPlacement: 'header', tocTitle: 'onThisPage' },
  pith: { name: 'pith', tabsPlacement: 'header', tocTitle: 'onThisPage' },
  pip: { name: 'pip', tabsPlacement: 'sidebar', tocTitle: 'onThisPage' },
  readable: { name: 'readable', tabsPlacement: 'header', tocTitle: 'contents' },
  'theme-e': { name: 'theme-e', tabsPlacement: 'header', tocTitle: 'onThisPage' },
};

/** The theme to render with: a shipped theme by name, `base` for anything else. */
export function resolveLayoutTheme(name: string | null | undefined): LayoutTheme {
  return (themeNames as readonly string[]).includes(name ?? '') ? themes[name as LayoutThemeName] : themes.base;
}
