import { glyph } from './ui-icons.js';

// Footer social networks (SPEC footer `socials`; the 19 keys of COMPAT 1.1): the accessible
// name of each link and a simple line glyph drawn for docsgen (not the networks' logos).
// Unknown keys still render, with a generic link glyph and the key as their name.

interface Social {
  label: string;
  body: string;
}

const globe = '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>';
const x = '<path d="M4 4h4.5L20 20h-4.5z"/><path d="M20 4l-6.6 7.2M10.6 12.8L4 20"/>';

const socials: Record<string, Social> = {
  x: { label: 'X', body: x },
  'x-twitter': { label: 'X', body: x },
  twitter: { label: 'Twitter', body: x },
  github: { label: 'GitHub', body: '<path d="M5 3l3 3.5h8L19 3v7a7 7 0 0 1-14 0z"/><path d="M9 17v4M15 17v4M9.5 11v.01M14.5 11v.01"/>' },
  linkedin: { label: 'LinkedIn', body: '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4"/>' },
  discord: {
    label: 'Discord',
    body: '<path d="M7 6c2-1 3.3-1.3 5-1.3s3 .3 5 1.3c1.7 2.7 2.7 5.7 3 9-1.6 1.4-3.3 2.3-5 2.7l-1-2M7 6C5.3 8.7 4.3 11.7 4 15c1.6 1.4 3.3 2.3 5 2.7l1-2"/><path d="M8 15.5c2.6 1 5.4 1 8 0M9.5 11.5v.01M14.5 11.5v.01"/>',
  },
  slack: { label: 'Slack', body: '<path d="M10 3v8M14 13v8M3 14h8M13 10h8"/>' },
  youtube: { label: 'YouTube', body: '<rect x="2.5" y="5.5" width="19" height="13" rx="4"/><path d="M10 9.5v5l4.5-2.5z"/>' },
  facebook: { label: 'Facebook', body: '<circle cx="12" cy="12" r="9"/><path d="M13 21V10a2 2 0 0 1 2-2h2M10 13h6"/>' },
  instagram: { label: 'Instagram', body: '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><path d="M17.5 6.5v.01"/>' },
  website: { label: 'Website', body: globe },
  'earth-americas': { label: 'Website', body: globe },
  'hacker-news': { label: 'Hacker News', body: '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M8 7l4 6 4-6M12 13v4"/>' },
  medium: { label: 'Medium', body: '<circle cx="7" cy="12" r="4.5"/><ellipse cx="15.5" cy="12" rx="2" ry="4.5"/><path d="M20.5 7.5v9"/>' },
  telegram: { label: 'Telegram', body: '<path d="M21.5 3.5L2.5 11l6.5 2.5 9-6.5-6.5 8 5 5z"/>' },
  bluesky: {
    label: 'Bluesky',
    body: '<path d="M12 11C10 7 6.5 4 4 4c-1.5 0-1.5 2.5-1 5 .5 2 2 3 4.5 3-2.5.5-3.5 2-2 3.5 2.5 2.5 4.5 0 6.5-4.5 2 4.5 4 7 6.5 4.5 1.5-1.5.5-3-2-3.5 2.5 0 4-1 4.5-3 .5-2.5.5-5-1-5-2.5 0-6 3-8 7z"/>',
  },
  threads: { label: 'Threads', body: '<path d="M16 12a4 4 0 1 1-1.2-2.8M16 9v4a2.5 2.5 0 0 0 5 0v-1a9 9 0 1 0-3.5 7.1"/>' },
  reddit: {
    label: 'Reddit',
    body: '<circle cx="12" cy="14" r="7"/><path d="M9.5 13.5v.01M14.5 13.5v.01M9.5 17c1.5 1 3.5 1 5 0M12 7l1.2-4 4 1"/><circle cx="18.5" cy="4.5" r="1.5"/>',
  },
  podcast: { label: 'Podcast', body: '<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5 11a7 7 0 0 0 14 0M12 18v3"/>' },
};

const fallback = '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>';

/** Names of the social networks with their own glyph. */
export const socialIconNames: readonly string[] = Object.freeze(Object.keys(socials).sort());

/**
 * The accessible name and inline `<svg>` of a footer social key.
 *
 * @param name
 *   A `footer.socials` key (`github`, `x`, …); any other string gets a generic link glyph.
 */
export function socialIcon(name: string): { label: string; svg: string } {
  const known = Object.hasOwn(socials, name) ? socials[name] : undefined;
  const label = known?.label ?? name.replace(/[-_]+/g, ' ').replace(/^\p{Ll}/u, (first) => first.toUpperCase());
  return { label, svg: glyph(known?.body ?? fallback, 20) };
}
