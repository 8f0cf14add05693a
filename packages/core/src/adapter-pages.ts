import { escapeHtml } from '@docsgen/util/escape-html';
import { checkRedirectRules, type CheckedRule } from './adapter-rules.js';
import { matchRedirect, type RedirectRule } from './redirects.js';

// Script escapes are written out here rather than imported from @docsgen/renderer: `docsgen`
// loads `@docsgen/core/adapters` at start-up for `--adapter`, and the renderer would bring
// Preact along (HTML escaping comes from @docsgen/util, which has no dependencies).
// `<` ends a script or opens `<!--`; U+2028/2029 end a line in old JavaScript; `$` is escaped
// so the text is safe as the replacement string of `String.prototype.replace` (`$&`, `$'`).
const scriptEscapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  $: '\\u0024',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

// Characters Windows does not allow in file names: the output must be writable everywhere.
const notPortable = /[<>:"|?*\\]/;

/**
 * Where the redirect page of a static source is written (`/old` → `old.html`, `/` →
 * `index.html`, `/old.html` → `old.html`), or `undefined` when the path cannot be a page a host
 * serves: a segment starting with `.` (hosts and `docsgen preview` never serve dotfiles), an
 * empty segment, or a character some file systems refuse (`<>:"|?*\`).
 */
export function redirectPagePath(source: string): string | undefined {
  if (source === '/') return 'index.html';
  const path = source.slice(1);
  if (notPortable.test(path) || path.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  return path.endsWith('.html') ? path : `${path}.html`;
}

/**
 * The HTML page left at an old address: it sends the reader on at once (`meta refresh`, and a
 * one-line script that keeps the query and fragment as `docsgen dev` does), tells search engines
 * where the page went (`canonical`) and not to index this one (`noindex`), and shows a link for
 * anyone it does not move.
 */
export function renderRedirectPage(location: string): string {
  const href = escapeHtml(location);
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting…</title>\n' +
    '<meta name="robots" content="noindex">\n' +
    `<link rel="canonical" href="${href}">\n` +
    `<meta http-equiv="refresh" content="0; url=${href}">\n` +
    `<script>(function(d){location.replace(d+(d.indexOf('?')===-1?location.search:'')+(d.indexOf('#')===-1?location.hash:''))})(${toScriptJson(location)})</script>\n` +
    '</head>\n<body>\n' +
    `<p>This page has moved to <a href="${href}">${escapeHtml(location)}</a>.</p>\n` +
    '</body>\n</html>\n'
  );
}

/**
 * Where each static redirect of `rules` leads, computed the way `docsgen dev` answers that path
 * (the first matching rule wins, so an earlier `/old/:slug` decides `/old/intro` too).
 */
export function staticRedirectLocation(rule: CheckedRule, rules: readonly CheckedRule[]): string {
  return matchRedirect(rule.source, asRedirectRules(rules))?.location ?? rule.destination;
}

const redirectRuleCache = new WeakMap<readonly CheckedRule[], RedirectRule[]>();

/** The checked rules as `matchRedirect` input (destinations already URL-encoded); one array per list, so its compile cache hits. */
function asRedirectRules(rules: readonly CheckedRule[]): RedirectRule[] {
  let list = redirectRuleCache.get(rules);
  if (!list) {
    list = rules.map((rule) => ({ source: rule.rule.source, destination: rule.destination, permanent: rule.isPermanent }));
    redirectRuleCache.set(rules, list);
  }
  return list;
}

/**
 * The `<script>` that `docsgen build` puts into `404.html` for the `static` and `github-pages`
 * adapters: a static host answers an unknown path with that page, and the script then applies
 * the redirects no file can stand for — sources with `:name`, `:name*` or `*`, and static
 * sources whose page cannot be written — with exactly `matchRedirect`'s matching, encoding and
 * order. It only navigates to the origin the rule's destination names (the site itself for a
 * path), never to one a captured value could introduce, and keeps the query and fragment.
 *
 * @param redirects
 *   `redirects` of docs.json. Invalid rules are skipped here; `adapterFiles` reports them.
 * @returns
 *   `<script>…</script>`, or `''` when no rule needs it. The text contains no `</script`, `<!--`
 *   or `$`, so it can be inserted anywhere in a page, also with `String.prototype.replace`.
 */
export function notFoundRedirectScript(redirects: readonly RedirectRule[]): string {
  const { rules } = checkRedirectRules(redirects, undefined);
  const data = rules
    .filter((rule) => !rule.isStatic || redirectPagePath(rule.source) === undefined)
    .map((rule) => ({
      p: sourcePattern(rule),
      n: rule.parts.flatMap((part) => (part.kind === 'star' ? ['*'] : part.kind === 'text' ? [] : [part.name])),
      d: rule.destination,
      o: rule.destination.startsWith('/') ? '' : new URL(rule.destination).origin,
    }));
  if (data.length === 0) return '';
  // No `<` in the code below, so nothing in it can close the script or open a comment.
  const code =
    '(function(){var r=' +
    toScriptJson(data) +
    ";var p;try{p=decodeURIComponent(location.pathname)}catch(e){return}" +
    "while(p.length>1&&p.charAt(p.length-1)==='/')p=p.slice(0,-1);" +
    'for(var i=0;r[i];i++){var m=new RegExp(r[i].p).exec(p);if(!m)continue;var t=r[i].d;' +
    "r[i].n.forEach(function(n,j){var v=(m[j+1]||'').split('/').map(encodeURIComponent).join('/');" +
    "t=t.replace(n==='*'?/\\*/g:new RegExp(':'+n+'\\\\*?(?!\\\\w)','g'),function(){return v})});" +
    "if(t.slice(0,2)==='//')t='/'+t.replace(/^\\/+/,'');" +
    'var u=new URL(t,location.href);if(u.origin!==(r[i].o||location.origin))return;' +
    "if(t.indexOf('?')===-1)u.search=location.search;if(t.indexOf('#')===-1)u.hash=location.hash;" +
    'if(u.href!==location.href){window.dgRedirected=1;location.replace(u.href)}return}})();';
  return `<script>${code}</script>`;
}

/** The regular expression `matchRedirect` compiles for a source, as text. */
export function sourcePattern(rule: CheckedRule): string {
  let pattern = '';
  for (const part of rule.parts) {
    if (part.kind === 'text') pattern += part.value.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    else pattern += part.kind === 'param' ? '([^/]+)' : '(.*)';
  }
  return `^${pattern}$`;
}

function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&$\u2028\u2029]/g, (character) => scriptEscapes[character] ?? character);
}
