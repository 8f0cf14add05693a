// Small line glyphs for the site parts, drawn for docsgen on a 24×24 grid (stroke, round
// caps, `currentColor`), so they follow the text colour in both modes. Decorative: every
// control that shows one also has a text label or an `aria-label`.

/** An inline `<svg>` around the given path data (trusted constants only). */
export function glyph(body: string, size = 16): string {
  return (
    `<svg class="dg-glyph" viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`
  );
}

export const closeIcon = glyph('<path d="M6 6l12 12M18 6L6 18"/>');
export const chevronIcon = glyph('<path d="M6 9l6 6 6-6"/>', 14);
export const copyIcon = glyph('<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"/>');
export const linkIcon = glyph('<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>');
export const fileIcon = glyph('<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5M9 13h6M9 17h6"/>');
export const sparkleIcon = glyph('<path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7z"/>');
export const externalIcon = glyph('<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>', 14);
export const pencilIcon = glyph('<path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4"/>', 14);
