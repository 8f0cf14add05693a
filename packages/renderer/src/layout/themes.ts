// The nine themes. A theme is a folder under `themes/<name>/` with its stylesheet
// (`theme.css`); the layout structure is shared, and the few places where a theme arranges
// it differently are the options below. The hosted platform's names for the looks of `base`,
// `pith`, `pip`, `readable` and `theme-e` are aliases resolved by @docsgen/config
// (`themeAliases`); `maple`, `linden`, `aspen` and `luma` keep the platform's names.

/** Names of the themes docsgen ships. */
export const themeNames = ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma'] as const;

/** A theme docsgen ships. */
export type LayoutThemeName = (typeof themeNames)[number];

/** A page layout chosen with frontmatter `mode`, besides `default`. */
export type LayoutThemeMode = 'wide' | 'center' | 'custom' | 'frame';

/** How a theme arranges the shared layout. */
export interface LayoutTheme {
  name: LayoutThemeName;
  /** Where the tabs are listed: a row in the header, or at the top of the sidebar. */
  tabsPlacement: 'header' | 'sidebar';
  /** Label of the table of contents: a key of the labels table (`../i18n/`). */
  tocTitle: 'onThisPage' | 'contents';
  /**
   * The page modes the theme lays out; a page asking for another is laid out as `default`.
   * The platform's themes each support `center` or `frame`, not both.
   */
  modes: readonly LayoutThemeMode[];
}

const allModes: readonly LayoutThemeMode[] = ['wide', 'center', 'custom', 'frame'];
// The platform documents `center` for Mint, Linden, Willow and Maple, and `frame` for Aspen,
// Almond, Luma and Sequoia (its "Page mode" section); every theme has `wide` and `custom`.
const centerModes: readonly LayoutThemeMode[] = ['wide', 'center', 'custom'];
const frameModes: readonly LayoutThemeMode[] = ['wide', 'custom', 'frame'];

const themes: Record<LayoutThemeName, LayoutTheme> = {
  base: { name: 'base', tabsPlacement: 'header', tocTitle: 'onThisPage', modes: allModes },
  pith: { name: 'pith', tabsPlacement: 'header', tocTitle: 'onThisPage', modes: allModes },
  pip: { name: 'pip', tabsPlacement: 'sidebar', tocTitle: 'onThisPage', modes: allModes },
  readable: { name: 'readable', tabsPlacement: 'header', tocTitle: 'contents', modes: allModes },
  'theme-e': { name: 'theme-e', tabsPlacement: 'header', tocTitle: 'onThisPage', modes: allModes },
  maple: { name: 'maple', tabsPlacement: 'header', tocTitle: 'onThisPage', modes: centerModes },
  linden: { name: 'linden', tabsPlacement: 'header', tocTitle: 'contents', modes: centerModes },
  aspen: { name: 'aspen', tabsPlacement: 'header', tocTitle: 'onThisPage', modes: frameModes },
  luma: { name: 'luma', tabsPlacement: 'header', tocTitle: 'onThisPage', modes: frameModes },
};

/** The theme to render with: a shipped theme by name, `base` for anything else. */
export function resolveLayoutTheme(name: string | null | undefined): LayoutTheme {
  return (themeNames as readonly string[]).includes(name ?? '') ? themes[name as LayoutThemeName] : themes.base;
}

/** The mode a page is laid out in: the mode it asks for when the theme has it, else `default`. */
export function themePageMode<Mode extends string>(theme: LayoutTheme, mode: Mode | 'default'): Mode | 'default' {
  return (theme.modes as readonly string[]).includes(mode) ? mode : 'default';
}
