// Font Awesome Pro icon names that real projects written for the hosted platform use (its
// licence covers Pro; docsgen ships only the free sets), each with the closest icon the free
// sets docsgen ships draw. Names that Lucide or Tabler draw under the same name (`webhook`,
// `sparkles`, `shield-check`) need no entry: the lookup already tries those libraries.
// `test/icons.test.ts` checks that every source is absent from Font Awesome Free and every
// target exists, so a package update that adds or drops one fails there.

/** Where an alias points: an icon package, its name there, and a style folder for Font Awesome. */
export interface IconAliasTarget {
  /** Package the closest icon comes from. */
  package: 'fontawesome' | 'lucide' | 'tabler';
  /** Name of the icon in that package. */
  name: string;
  /** Font Awesome style folder (default: `solid`). */
  style?: 'solid' | 'regular' | 'brands';
}

const fa = (name: string, style?: 'regular' | 'brands'): IconAliasTarget => (style ? { package: 'fontawesome', name, style } : { package: 'fontawesome', name });
const lucide = (name: string): IconAliasTarget => ({ package: 'lucide', name });

/** Font Awesome Pro name → closest free icon. */
export const proIconAliases: Readonly<Record<string, IconAliasTarget>> = {
  'alarm-exclamation': lucide('alarm-clock'),
  'alien-8bit': lucide('ghost'),
  'arrow-progress': lucide('git-commit-horizontal'),
  'arrows-repeat': fa('repeat'),
  'bell-on': fa('bell'),
  'block-question': lucide('message-circle-question'),
  'book-open-cover': fa('book-open'),
  'book-sparkles': fa('book-open'),
  books: lucide('library-big'),
  'box-open-full': fa('box-open'),
  'brackets-curly': lucide('braces'),
  browser: lucide('app-window'),
  browsers: lucide('app-window'),
  'bullseye-arrow': fa('bullseye'),
  'bullseye-pointer': fa('bullseye'),
  'cart-flatbed-boxes': fa('cart-flatbed'),
  'chart-line-up': fa('chart-line'),
  'chart-mixed': fa('chart-simple'),
  'chart-pie-simple': fa('chart-pie'),
  'chart-waterfall': lucide('chart-column-decreasing'),
  'circle-dollar': lucide('circle-dollar-sign'),
  'code-simple': fa('code'),
  'comment-audio': fa('comment-dots'),
  'comment-code': lucide('message-square-code'),
  'credit-card-front': fa('credit-card'),
  'cursor-click': lucide('mouse-pointer-click'),
  'diagram-subtask': fa('diagram-project'),
  dial: lucide('gauge'),
  'draw-square': lucide('square-pen'),
  duck: lucide('bird'),
  'envelope-open-dollar': fa('envelope-open'),
  'face-smile-relaxed': fa('face-smile'),
  'face-smiling-hands': fa('face-smile'),
  'file-magnifying-glass': lucide('file-search'),
  'file-xml': lucide('file-code'),
  'filter-list': fa('filter'),
  'fire-flame': fa('fire'),
  flow: lucide('workflow'),
  'gauge-max': fa('gauge-high'),
  'gauge-simple-low': fa('gauge-simple'),
  'gear-code': lucide('monitor-cog'),
  'globe-pointer': fa('globe'),
  'globe-stand': lucide('earth'),
  'grid-2': fa('table-cells-large'),
  'hand-wave': fa('hand'),
  'head-side-brain': lucide('brain'),
  'house-blank': fa('house'),
  'image-landscape': fa('image'),
  'inbox-full': fa('inbox'),
  'key-skeleton': fa('key'),
  'laptop-mobile': lucide('monitor-smartphone'),
  'layer-plus': lucide('layers'),
  'lightbulb-on': fa('lightbulb'),
  'link-simple': fa('link'),
  lips: fa('face-kiss'),
  'list-timeline': fa('timeline'),
  'lock-keyhole': fa('lock'),
  memo: lucide('notepad-text'),
  'message-bot': fa('robot'),
  'message-code': lucide('message-square-code'),
  'message-lines': fa('message'),
  'message-pen': lucide('message-square-text'),
  'message-smile': lucide('message-square-heart'),
  messages: fa('comments'),
  'microchip-ai': fa('microchip'),
  'mobile-notch': fa('mobile-screen'),
  'monitor-waveform': lucide('activity'),
  'objects-column': fa('table-cells-large'),
  'octagon-exclamation': lucide('octagon-alert'),
  'paintbrush-pencil': fa('paintbrush'),
  'party-horn': lucide('party-popper'),
  'phone-arrow-down-left': lucide('phone-incoming'),
  'phone-arrow-right': lucide('phone-forwarded'),
  'phone-arrow-up-right': lucide('phone-outgoing'),
  'presentation-screen': lucide('presentation'),
  'puzzle': fa('puzzle-piece'),
  'rectangle-code': lucide('square-code'),
  'rectangle-history': fa('clone', 'regular'),
  'rectangle-terminal': fa('terminal'),
  'rocket-launch': fa('rocket'),
  'rotate-exclamation': lucide('refresh-ccw-dot'),
  'rotate-reverse': fa('rotate-left'),
  'screen-users': lucide('presentation'),
  'share-all': fa('share'),
  sidebar: lucide('panel-left'),
  'signal-bars': lucide('signal'),
  'signal-stream': lucide('radio'),
  snake: fa('worm'),
  'spider-web': fa('circle-nodes'),
  'spinner-third': lucide('loader-circle'),
  stars: lucide('sparkles'),
  'table-layout': fa('table-columns'),
  'user-crown': fa('crown'),
  'user-headset': fa('headset'),
  'user-robot': fa('robot'),
  'wave-pulse': lucide('activity'),
  waveform: lucide('audio-waveform'),
  'wifi-slash': lucide('wifi-off'),
  window: fa('window-maximize', 'regular'),
  'wrench-simple': fa('wrench'),
};

/**
 * The closest free icon of a Font Awesome Pro name: an entry of `proIconAliases`, or for the
 * numbered and lettered shapes (`circle-1`, `square-e`) Tabler's `circle-number-1`, `square-letter-e`.
 */
export function findIconAlias(name: string): IconAliasTarget | undefined {
  if (Object.hasOwn(proIconAliases, name)) return proIconAliases[name];
  const numbered = /^(circle|square)-(\d)$/.exec(name);
  if (numbered) return { package: 'tabler', name: `${numbered[1]}-number-${numbered[2]}` };
  // Lettered ones too (`square-e` in Trigger.dev's docs, `square-k` in the MCP docs').
  const lettered = /^(circle|square)-([a-z])$/.exec(name);
  if (lettered) return { package: 'tabler', name: `${lettered[1]}-letter-${lettered[2]}` };
  return undefined;
}
