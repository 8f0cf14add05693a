/**
 * The nine shipped theme names (SPEC “theme”, issue 24); any other name is drawn as `base`.
 */
export type CardThemeName = 'base' | 'pith' | 'pip' | 'readable' | 'theme-e' | 'maple' | 'linden' | 'aspen' | 'luma';

/**
 * How a card is laid out.
 *
 * - `rail`: accent bar down the left edge, tab above the title, site name and logo at the foot.
 * - `band`: accent band across the top holding the site name and logo, title below.
 * - `centered`: everything centred, a short accent rule above the title.
 */
export type CardLayoutName = 'rail' | 'band' | 'centered';

/**
 * What a theme contributes to its cards.
 */
export interface CardTheme {
  /** Layout of the card. */
  layout: CardLayoutName;
  /** Default background in light appearance (the theme's light surface colour). */
  surfaceLight: string;
  /** Default background in dark appearance (the theme's dark surface colour). */
  surfaceDark: string;
  /** Accent used when the caller passes none (a project without `colors.primary`). */
  accent: string;
}

// `base` matches the renderer's `--dg-surface` and `--dg-accent` (packages/renderer/assets/content.css).
// The other themes have no published palette yet; these are the card's own choices, one
// recognisable surface per theme, and change the hash of every card when edited.
const themes: Record<CardThemeName, CardTheme> = {
  base: { layout: 'rail', surfaceLight: '#f6f8fa', surfaceDark: '#151b23', accent: '#2563eb' },
  pith: { layout: 'centered', surfaceLight: '#ffffff', surfaceDark: '#0a0a0a', accent: '#0f766e' },
  pip: { layout: 'band', surfaceLight: '#fafaf9', surfaceDark: '#1c1917', accent: '#7c3aed' },
  readable: { layout: 'rail', surfaceLight: '#fbf8f1', surfaceDark: '#1f1d1a', accent: '#b45309' },
  'theme-e': { layout: 'band', surfaceLight: '#f5f7ff', surfaceDark: '#0b1020', accent: '#db2777' },
  // Near the surfaces of the renderer's themes/<name>/theme.css, each its own.
  maple: { layout: 'band', surfaceLight: '#f7f8f8', surfaceDark: '#141920', accent: '#9a3412' },
  linden: { layout: 'centered', surfaceLight: '#f4f1e8', surfaceDark: '#1e1c1a', accent: '#ff5522' },
  aspen: { layout: 'rail', surfaceLight: '#f8fafc', surfaceDark: '#0f172a', accent: '#d69000' },
  luma: { layout: 'centered', surfaceLight: '#f6f6f7', surfaceDark: '#18181b', accent: '#ff7819' },
};

/**
 * Names of the themes that have their own card design, in SPEC order.
 */
export const cardThemeNames: readonly CardThemeName[] = ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma'];

/**
 * Whether `name` is one of the shipped theme names.
 */
export function isCardThemeName(name: unknown): name is CardThemeName {
  return typeof name === 'string' && Object.hasOwn(themes, name);
}

/**
 * The card design of a theme; unknown names (legacy aliases included) get `base`, as pages do
 * (SPEC “theme”).
 */
export function getCardTheme(name: string): CardTheme {
  return isCardThemeName(name) ? themes[name] : themes.base;
}
