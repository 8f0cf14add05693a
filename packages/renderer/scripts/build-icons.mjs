#!/usr/bin/env node
// Writes assets/icons.css: every glyph below as a CSS mask on `.dg-icon[data-icon="name"]`, so
// the `<Icon>` component, sidebar and navbar icons all draw from one offline set.
// Glyphs are 24×24 outline drawings (stroke 2, round caps); names follow the icon libraries
// docs.json projects use, with their common aliases. Run: node packages/renderer/scripts/build-icons.mjs
import { writeFileSync } from 'node:fs';

const glyphs = {
  'arrow-right': 'M5 12h14M13 6l6 6-6 6',
  'arrow-left': 'M19 12H5M11 6l-6 6 6 6',
  'arrow-up-right': 'M7 17 17 7M8 7h9v9',
  bell: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  'book-open': 'M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2zM22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z',
  'box-archive': 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  briefcase: 'M3 7h18v13H3zM8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18',
  bug: 'M8 8a4 4 0 0 1 8 0v7a4 4 0 0 1-8 0zM12 11v8M4 9l4 2M20 9l-4 2M3 15h5M16 15h5M5 21l3-3M19 21l-3-3M9 4 8 2M15 4l1-2',
  calendar: 'M3 5h18v16H3zM16 3v4M8 3v4M3 10h18',
  'chart-line': 'M3 3v18h18M7 15l4-4 3 3 6-6',
  check: 'M4 12l5 5L20 6',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-right': 'M9 6l6 6-6 6',
  'circle-info': 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 16v-5M12 8h.01',
  'circle-question': 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01',
  clock: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 6v6l4 2',
  cloud: 'M17.5 19H7a5 5 0 1 1 1.5-9.8A6 6 0 0 1 20 11a4 4 0 0 1-2.5 8z',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  copy: 'M9 9h12v12H9zM5 15H3V3h12v2',
  'credit-card': 'M2 5h20v14H2zM2 10h20M6 15h4',
  cube: 'M12 2 21 7v10l-9 5-9-5V7zM3 7l9 5 9-5M12 12v10',
  database: 'M4 5c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  download: 'M12 3v12M7 10l5 5 5-5M4 21h16',
  envelope: 'M3 5h18v14H3zM3 6l9 7 9-7',
  'external-link': 'M14 3h7v7M21 3l-9 9M19 14v6H4V5h6',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  file: 'M14 2H6v20h12V6zM14 2v4h4',
  'file-lines': 'M14 2H6v20h12V6zM14 2v4h4M9 13h6M9 17h6',
  flag: 'M4 22V3M4 4h13l-2 4 2 4H4',
  folder: 'M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v11H3z',
  gear: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1',
  globe: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2c2.8 3 4 6.5 4 10s-1.2 7-4 10c-2.8-3-4-6.5-4-10s1.2-7 4-10z',
  heart: 'M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z',
  house: 'M3 11 12 3l9 8M5 10v11h14V10M10 21v-6h4v6',
  image: 'M3 4h18v16H3zM8.5 8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM21 16l-5-5L5 20',
  key: 'M7.5 11a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zM10.7 12.3 20 3M16 7l3 3M18 5l2 2',
  language: 'M3 5h10M8 3v2M5 5c1 4 4 7 7 8M11 5c-1 4-4 7-7 8M13 21l4-9 4 9M14.5 18h5',
  'layer-group': 'M12 2 2 7l10 5 10-5zM2 12l10 5 10-5M2 17l10 5 10-5',
  lightbulb: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
  'life-ring': 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4.9 4.9l4.3 4.3M14.8 14.8l4.3 4.3M14.8 9.2l4.3-4.3M4.9 19.1l4.3-4.3',
  'magnifying-glass': 'M11 3a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM21 21l-4.3-4.3',
  menu: 'M3 6h18M3 12h18M3 18h18',
  'message': 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
  newspaper: 'M4 4h14v16H6a2 2 0 0 1-2-2zM18 8h2v10a2 2 0 0 1-2 2M8 8h6M8 12h6M8 16h4',
  pen: 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z',
  play: 'M6 3l14 9-14 9z',
  plug: 'M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0zM12 17v5',
  'puzzle-piece': 'M4 7h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4h-4a2 2 0 1 0-4 0H4v-4a2 2 0 1 0 0-4z',
  robot: 'M5 8h14v12H5zM12 4v4M12 2h.01M9 13h.01M15 13h.01M9 17h6M2 12v4M22 12v4',
  rocket: 'M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1zM12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2zM9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5',
  server: 'M3 3h18v8H3zM3 13h18v8H3zM7 7h.01M7 17h.01',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
  'sliders': 'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
  sparkles: 'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8zM5 3l.6 1.4L7 5l-1.4.6L5 7l-.6-1.4L3 5l1.4-.6z',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M6.3 17.7l-1.4 1.4M19.1 4.9l-1.4 1.4',
  table: 'M3 4h18v16H3zM3 10h18M3 15h18M9 4v16',
  tag: 'M2 12V3h9l10 10-9 9zM7 7h.01',
  terminal: 'M4 17l6-5-6-5M12 19h8',
  'triangle-exclamation': 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  user: 'M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21a8 8 0 0 1 16 0',
  users: 'M9 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM2 21a7 7 0 0 1 14 0M16 3.1a4 4 0 0 1 0 7.8M22 21a7 7 0 0 0-4-6.3',
  video: 'M2 6h14v12H2zM16 10l6-4v12l-6-4',
  wrench: 'M14.7 6.3a4 4 0 0 0 5 5L22 14a6 6 0 0 1-8.5 1.5L6 23l-3-3 7.5-7.5A6 6 0 0 1 12 4z',
  x: 'M18 6 6 18M6 6l12 12',
};

// Brand marks are filled shapes, not outlines.
const filled = {
  github:
    'M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.9 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.2c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5z',
  discord:
    'M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.3 18.3 0 0 0-5.5 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2.1a13 13 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4a13 13 0 0 1-2 1l1.3 2.1a19.8 19.8 0 0 0 6-3c.5-5.2-.9-9.7-3.6-13.7zM8 15.3c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.5 8 10.5s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z',
  'x-twitter': 'M17.8 2h3.4l-7.4 8.5L22.5 22h-6.8l-5.3-7-6.1 7H.9l7.9-9.1L.5 2h7l4.8 6.4zm-1.2 18h1.9L6.5 3.9H4.5z',
  linkedin:
    'M20.4 20.5h-3.6v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9v5.7H9.3V9h3.4v1.6c.5-.9 1.7-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.5zM5.3 7.4a2.1 2.1 0 1 1 0-4.2 2.1 2.1 0 0 1 0 4.2zM7.1 20.5H3.6V9h3.5zM22.2 0H1.8C.8 0 0 .8 0 1.7v20.6c0 .9.8 1.7 1.8 1.7h20.4c1 0 1.8-.8 1.8-1.7V1.7C24 .8 23.2 0 22.2 0z',
  youtube:
    'M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6z',
  slack:
    'M5 15.2a2.5 2.5 0 1 1-2.5-2.5H5zm1.3 0a2.5 2.5 0 0 1 5 0v6.3a2.5 2.5 0 0 1-5 0zM8.8 5a2.5 2.5 0 1 1 2.5-2.5V5zm0 1.3a2.5 2.5 0 0 1 0 5H2.5a2.5 2.5 0 0 1 0-5zM19 8.8a2.5 2.5 0 1 1 2.5 2.5H19zm-1.3 0a2.5 2.5 0 0 1-5 0V2.5a2.5 2.5 0 0 1 5 0zM15.2 19a2.5 2.5 0 1 1-2.5 2.5V19zm0-1.3a2.5 2.5 0 0 1 0-5h6.3a2.5 2.5 0 0 1 0 5z',
};

const aliases = {
  'book-open': ['book-open-reader'],
  'box-archive': ['archive', 'box'],
  'chart-line': ['chart', 'chart-bar', 'chart-simple'],
  'circle-info': ['info', 'circle-i'],
  'circle-question': ['question', 'circle-help', 'help'],
  cube: ['package', 'cubes'],
  envelope: ['mail', 'email'],
  'external-link': ['arrow-up-right-from-square', 'square-arrow-up-right'],
  file: ['file-text'],
  gear: ['settings', 'cog', 'gears'],
  globe: ['earth', 'earth-americas', 'world'],
  house: ['home'],
  'layer-group': ['layers', 'stack'],
  'life-ring': ['life-buoy', 'support'],
  link: ['link-simple'],
  lock: ['lock-keyhole'],
  'magnifying-glass': ['search'],
  menu: ['bars'],
  message: ['comment', 'message-square', 'comments'],
  pen: ['pencil', 'pen-to-square', 'edit'],
  play: ['circle-play'],
  'puzzle-piece': ['puzzle', 'extension'],
  rocket: ['rocket-launch'],
  server: ['servers'],
  shield: ['shield-check', 'shield-halved'],
  sliders: ['sliders-horizontal', 'settings-2'],
  sparkles: ['wand-magic-sparkles', 'magic'],
  terminal: ['square-terminal', 'rectangle-terminal'],
  'triangle-exclamation': ['warning', 'alert-triangle', 'exclamation-triangle'],
  bolt: ['zap', 'lightning'],
  x: ['xmark', 'close'],
  'x-twitter': ['twitter'],
  user: ['circle-user'],
  users: ['user-group', 'people-group'],
  wrench: ['screwdriver-wrench', 'tool'],
  bell: ['bell-ring'],
  code: ['code-simple', 'brackets-curly', 'file-code'],
  newspaper: ['blog'],
};

const encode = (svg) =>
  `url("data:image/svg+xml,${svg.replace(/"/g, "'").replace(/</g, '%3C').replace(/>/g, '%3E').replace(/#/g, '%23')}")`;
const outline = (d) =>
  encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></svg>`);
const solid = (d) => encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`);

const rules = [];
const names = [];
for (const [name, d] of Object.entries({ ...glyphs, ...filled })) {
  const all = [name, ...(aliases[name] ?? [])];
  names.push(...all);
  const selector = all.map((n) => `.dg-icon[data-icon="${n}"]`).join(',');
  rules.push(`${selector}{--dg-glyph:${name in filled ? solid(d) : outline(d)}}`);
}
const css = `/* @docsgen/renderer icon glyphs, written by scripts/build-icons.mjs: do not edit. */
.dg-icon:is(${names.map((n) => `[data-icon="${n}"]`).join(',')}){background:var(--dg-icon-color,currentColor);-webkit-mask:var(--dg-glyph) center/contain no-repeat;mask:var(--dg-glyph) center/contain no-repeat}
${rules.join('\n')}
`;
writeFileSync(new URL('../assets/icons.css', import.meta.url), css);
writeFileSync(new URL('../src/layout/icon-names.ts', import.meta.url), `// Written by scripts/build-icons.mjs: the icon names assets/icons.css draws.\n/** Icon names (and aliases) with a glyph in \`assets/icons.css\`. */\nexport const iconNames: ReadonlySet<string> = new Set(${JSON.stringify(names.sort())});\n`);
console.log(`${names.length} names, ${css.length} bytes`);
