import type { CardPalette } from './colours.js';
import type { CardLayoutName } from './themes.js';

/**
 * An element tree in the shape satori takes (what JSX compiles to), built without React.
 */
export interface CardNode {
  type: string;
  props: { style?: Record<string, unknown>; children?: CardChild | CardChild[]; [key: string]: unknown };
}

type CardChild = CardNode | string;

/**
 * A logo ready to draw: a PNG data URI at exactly the size it is drawn.
 */
export interface CardLogoImage {
  src: string;
  width: number;
  height: number;
}

/**
 * Everything a layout draws.
 */
export interface CardContent {
  title: string;
  description: string;
  tab: string;
  siteName: string;
  logo: CardLogoImage | null;
  palette: CardPalette;
}

/** Tallest a logo is drawn, in pixels. */
export const logoMaxHeight = 56;
/** Widest a logo is drawn, in pixels. */
export const logoMaxWidth = 280;

/**
 * Where the title and description go, in card pixels.
 */
export interface CardRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A card in two layers. `background` is everything but the title and description: it depends
 * only on what a whole site or tab shares (theme, colours, logo, site name, tab), so it is
 * rendered once and reused. `text` is the title and description on the card's background, drawn
 * at the size of `region` and copied into the background there.
 */
export interface CardLayers {
  background: CardNode;
  text: CardNode;
  region: CardRegion;
}

/**
 * Build the element trees of a card.
 */
export function layoutCard(layout: CardLayoutName, content: CardContent): CardLayers {
  if (layout === 'band') return layoutBand(content);
  if (layout === 'centered') return layoutCentered(content);
  return layoutRail(content);
}

// Widths and heights below are outer sizes: padding and borders are inside them.
function h(type: string, style: Record<string, unknown>, ...children: CardChild[]): CardNode {
  return { type, props: { style: { boxSizing: 'border-box', ...style }, children } };
}

// Shorter titles get bigger type; the clamp to three lines then holds any length.
function titleSize(title: string): number {
  const length = [...title].length;
  if (length <= 32) return 76;
  if (length <= 64) return 64;
  if (length <= 100) return 56;
  return 48;
}

function title(content: CardContent, extra: Record<string, unknown> = {}): CardNode {
  return h(
    'div',
    {
      display: 'block',
      fontSize: titleSize(content.title),
      fontWeight: 700,
      lineHeight: 1.15,
      letterSpacing: '-0.02em',
      color: content.palette.text,
      lineClamp: 3,
      wordBreak: 'break-word',
      ...extra,
    },
    content.title,
  );
}

function description(content: CardContent, extra: Record<string, unknown> = {}): CardNode | undefined {
  if (!content.description) return undefined;
  return h(
    'div',
    {
      display: 'block',
      marginTop: 24,
      fontSize: 30,
      lineHeight: 1.4,
      color: content.palette.muted,
      lineClamp: 2,
      wordBreak: 'break-word',
      ...extra,
    },
    content.description,
  );
}

function brand(content: CardContent, colour: string): CardNode | undefined {
  const parts: CardNode[] = [];
  if (content.logo) {
    parts.push(logoImage(content.logo));
  }
  if (content.siteName) {
    parts.push(
      h(
        'div',
        {
          display: 'block',
          marginLeft: content.logo ? 20 : 0,
          fontSize: 30,
          fontWeight: 700,
          color: colour,
          maxWidth: 640,
          lineClamp: 1,
        },
        content.siteName,
      ),
    );
  }
  if (parts.length === 0) return undefined;
  return h('div', { display: 'flex', alignItems: 'center', height: logoMaxHeight }, ...parts);
}

function logoImage(logo: CardLogoImage): CardNode {
  return { type: 'img', props: { src: logo.src, width: logo.width, height: logo.height } };
}

function tabLabel(tab: string, colour: string, extra: Record<string, unknown> = {}): CardNode {
  return h(
    'div',
    {
      display: 'block',
      fontSize: 26,
      fontWeight: 700,
      letterSpacing: '0.08em',
      textTransform: 'uppercase',
      color: colour,
      maxWidth: 900,
      lineClamp: 1,
      ...extra,
    },
    tab,
  );
}

function compact(children: (CardNode | undefined)[]): CardNode[] {
  return children.filter((child): child is CardNode => child !== undefined);
}

// `base`, `readable`: accent rail on the left, tab / title / description, brand at the foot.
function layoutRail(content: CardContent): CardLayers {
  const { palette } = content;
  const region = { left: 92, top: content.tab ? 112 : 64, width: 1028, height: content.tab ? 360 : 408 };
  const foot = brand(content, palette.text);
  const background = frame(
    palette,
    at(0, 0, h('div', { display: 'flex', width: 20, height: 630, backgroundColor: palette.accent })),
    content.tab ? at(92, 56, h('div', { display: 'flex', width: 1028 }, tabLabel(content.tab, palette.accentText))) : undefined,
    foot ? at(92, 494, h('div', { display: 'flex', width: 1028, height: 2, backgroundColor: palette.faint })) : undefined,
    at(92, 522, foot),
  );
  const text = block(region, palette, {}, title(content), description(content));
  return { background, text, region };
}

// `pip`, `theme-e`: accent band across the top with the brand and tab, title below.
function layoutBand(content: CardContent): CardLayers {
  const { palette } = content;
  const region = { left: 80, top: 160, width: 1040, height: 420 };
  const logoTile = content.logo
    ? h(
        'div',
        { display: 'flex', alignItems: 'center', padding: '8px 14px', borderRadius: 14, backgroundColor: palette.background, marginRight: 24 },
        logoImage(content.logo),
      )
    : undefined;
  const name = content.siteName
    ? h('div', { display: 'block', fontSize: 32, fontWeight: 700, color: palette.onAccent, maxWidth: 620, lineClamp: 1 }, content.siteName)
    : undefined;
  const background = frame(
    palette,
    at(
      0,
      0,
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          width: 1200,
          height: 136,
          padding: '0 80px',
          backgroundColor: palette.accent,
        },
        h('div', { display: 'flex', alignItems: 'center' }, ...compact([logoTile, name])),
        ...compact([content.tab ? tabLabel(content.tab, palette.onAccent, { fontSize: 24, maxWidth: 360, textAlign: 'right' }) : undefined]),
      ),
    ),
  );
  const text = block(region, palette, { justifyContent: 'center' }, title(content), description(content));
  return { background, text, region };
}

// `pith`: centred type, a short accent rule, brand at the bottom centre.
function layoutCentered(content: CardContent): CardLayers {
  const { palette } = content;
  const region = { left: 96, top: 104, width: 1008, height: 396 };
  const background = frame(
    palette,
    at(0, 0, h('div', { display: 'flex', width: 1200, height: 10, backgroundColor: palette.accent })),
    content.tab
      ? at(96, 56, h('div', { display: 'flex', justifyContent: 'center', width: 1008 }, tabLabel(content.tab, palette.muted, { textAlign: 'center' })))
      : undefined,
    at(96, 522, h('div', { display: 'flex', justifyContent: 'center', width: 1008 }, ...compact([brand(content, palette.muted)]))),
  );
  const text = block(
    region,
    palette,
    { alignItems: 'center', justifyContent: 'center' },
    h('div', { display: 'flex', width: 96, height: 8, borderRadius: 4, backgroundColor: palette.accent, marginBottom: 36 }),
    title(content, { textAlign: 'center' }),
    description(content, { textAlign: 'center' }),
  );
  return { background, text, region };
}

// The whole card without its title and description.
function frame(palette: CardPalette, ...children: (CardNode | undefined)[]): CardNode {
  return h(
    'div',
    { display: 'flex', position: 'relative', width: 1200, height: 630, backgroundColor: palette.background, fontFamily: 'Inter' },
    ...compact(children),
  );
}

function at(left: number, top: number, child: CardNode | undefined): CardNode | undefined {
  if (!child) return undefined;
  return h('div', { display: 'flex', position: 'absolute', left, top }, child);
}

// The title and description, on the card's background, at the size of their region.
function block(region: CardRegion, palette: CardPalette, style: Record<string, unknown>, ...children: (CardNode | undefined)[]): CardNode {
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: region.width,
      height: region.height,
      backgroundColor: palette.background,
      fontFamily: 'Inter',
      ...style,
    },
    ...compact(children),
  );
}
