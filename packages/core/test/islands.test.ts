import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const islands = suite('interactive components (islands)');

const snippet = [
  "import { format } from './format.js';",
  'export const Counter = ({ start = 0, label, options }) => {',
  '  const [count, setCount] = useState(start);',
  '  return <button type="button" onClick={() => setCount(count + 1)}>{format(label, count)}{options?.unit}</button>;',
  '};',
  'export const Plain = ({ name }) => <span class="plain">Hi {name}</span>;',
  'export const Outer = () => { const [on] = useState(true); return <div class="outer">{on && <Counter label="inner" />}</div>; };',
].join('\n');

function project(page: string): string {
  return writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Islands', navigation: { pages: ['index'] } }),
      'snippets/counter.jsx': snippet,
      'snippets/format.js': 'export const format = (label, count) => `${label}: ${count}`;\n',
      'snippets/pages.jsx': "import manifest from 'virtual:docsgen/manifest';\nexport const PageCount = () => { const [n] = useState(manifest.pages.length); return <b>{n} pages</b>; };\n",
      // In a page, docsgen's components come from MDX's provider.
      'index.mdx': `---\ntitle: Islands\n---\nimport { Counter, Plain, Outer } from '/snippets/counter.jsx';\nimport { PageCount } from '/snippets/pages.jsx';\n\nexport const Boxed = () => { const [n] = useState(1); return <Note>Note {n}</Note>; };\n\n${page}\n`,
    },
    'docsgen-islands-',
  );
}

islands('should render a component with state as an island with its module, export and props, and ship its code', async () => {
  const site = await createSite(project('<Counter start={2} label="Clicks" options={{ unit: " times" }} />'));
  const rendered = await site.render('index');
  assert.equal(rendered?.messages, []);
  assert.match(
    rendered?.html ?? '',
    '<docsgen-island data-module="snippets/counter.jsx" data-export="Counter" data-props="{&quot;start&quot;:2,&quot;label&quot;:&quot;Clicks&quot;,&quot;options&quot;:{&quot;unit&quot;:&quot; times&quot;}}"><button type="button">Clicks: 2 times</button></docsgen-island>',
  );
  assert.equal(Object.keys(rendered?.islands ?? {}).sort(), ['snippets/counter.jsx', 'snippets/format.js']);
  assert.equal(rendered?.islands?.['snippets/counter.jsx']?.deps, { './format.js': 'snippets/format.js' });
  assert.match(rendered?.islands?.['snippets/counter.jsx']?.code ?? '', 'useState(start)');
  assert.not.match(JSON.stringify(rendered?.islands), site.root, 'no absolute path of the machine goes to the browser');

  const html = (await site.document('index'))?.html ?? '';
  assert.match(html, '<script type="application/json" id="dg-islands">{"modules":{');
  for (const name of ['preact.js', 'preact-hooks.js', 'preact-compat.js', 'preact-jsx-runtime.js', 'islands.js']) assert.match(html, `<script src="/_docsgen/${name}" defer></script>`);
  assert.ok(html.indexOf('preact.js') < html.indexOf('preact-hooks.js') && html.indexOf('preact-hooks.js') < html.indexOf('/_docsgen/islands.js'), 'Preact loads before what uses it');
});

islands('should keep children written in the page as their HTML', async () => {
  const site = await createSite(project('<Counter label="With children">Some **bold** words</Counter>'));
  const html = (await site.render('index'))?.html ?? '';
  assert.match(html, '&quot;children&quot;:{&quot;$html&quot;:&quot;Some &lt;strong>bold&lt;/strong> words&quot;}');
});

islands('should leave static what cannot run in the browser or need not', async () => {
  const site = await createSite(project(['<Plain name="you" />', '', '<Counter label="fn" format={(x) => x} />', '', '<Outer />', '', '<Boxed />', '', '<PageCount />'].join('\n')));
  const rendered = await site.render('index');
  const html = rendered?.html ?? '';
  assert.match(html, '<span class="plain">Hi you</span>');
  assert.not.match(html, 'data-export="Plain"', 'no state or handlers: plain HTML');
  assert.match(html, '<button type="button">fn: 0</button>');
  assert.not.match(html, '&quot;fn&quot;', 'a function prop cannot travel: static');
  assert.match(html, 'data-export="Outer"');
  assert.not.match(html, 'data-export="Counter"', 'islands are not nested: the outer one hydrates the inner');
  assert.match(html, 'Note 1');
  assert.not.match(html, 'data-export="Boxed"', "docsgen's components are not in the browser: static");
  assert.match(html, '<b>1 pages</b>');
  assert.not.match(html, 'data-export="PageCount"', 'site data is not in the browser: static');
  assert.equal(Object.keys(rendered?.islands ?? {}).sort(), ['snippets/counter.jsx', 'snippets/format.js']);
});

islands('should write no island into the Markdown twin, and no payload into a page without islands', async () => {
  const site = await createSite(project('<Counter label="Twin" />\n\n<Plain name="x" />'));
  const twin = (await site.markdown('index'))?.markdown ?? '';
  assert.match(twin, 'Hi x');
  assert.not.match(twin, 'docsgen-island');
  assert.not.match(twin, 'data-props');
  const plain = await createSite(project('<Plain name="x" />'));
  const html = (await plain.document('index'))?.html ?? '';
  assert.not.match(html, 'dg-islands');
  assert.not.match(html, 'preact.js');
});

islands('should make the part of the page holding a handler on a plain element an island, when it can leave the page', async () => {
  const page = [
    'export function openSearch() {',
    "  document.getElementById('search-bar-entry').click();",
    '}',
    '',
    '<div className="hero">',
    '  <h2>Welcome</h2>',
    '  <button type="button" onClick={openSearch}>',
    '    Search our **docs**',
    '  </button>',
    '</div>',
    '',
    '<Note>',
    '  <button type="button" onClick={openSearch}>In a note</button>',
    '</Note>',
    '',
    '<div><button type="button" onClick={() => openSearch(label)}>Uses a prop</button></div>',
    '',
    '<div>',
    '  <button type="button" onClick={openSearch}>',
    '    With a [link](/index)',
    '  </button>',
    '</div>',
    '',
    '<div onClick="alert(1)">A string is no handler</div>',
    '',
    '<span><button type="button" onClick={(event) => { const target = event.currentTarget; openSearch(target); }}>Own names</button></span>',
  ].join('\n');
  const site = await createSite(project(page));
  const rendered = await site.render('index');
  assert.equal(rendered?.messages, []);
  const html = rendered?.html ?? '';
  // The hero, whole, as it renders without the island; Markdown-made <p> and <strong> inside.
  assert.match(html, '<docsgen-island data-module="index.mdx" data-export="DocsgenHandlers1" data-props="{}"><div class="hero"><h2>Welcome</h2><button type="button">Search our <strong>docs</strong></button></div></docsgen-island>');
  // Inside docsgen's <Note>, which cannot leave the page, the button alone.
  assert.match(html, '<docsgen-island data-module="index.mdx" data-export="DocsgenHandlers2" data-props="{}"><button type="button">In a note</button></docsgen-island>');
  assert.match(html, 'dg-callout');
  // A handler reading the page's props, or a Markdown link (docsgen's <a>): left as they were.
  assert.match(html, '<div><button type="button">Uses a prop</button></div>');
  assert.match(html, 'With a ');
  // A handler's own parameter and variable are its own: the span is taken.
  assert.match(html, '<docsgen-island data-module="index.mdx" data-export="DocsgenHandlers3" data-props="{}"><span><button type="button">Own names</button></span></docsgen-island>');
  assert.is(html.split('<docsgen-island').length - 1, 3);
  assert.match(rendered?.islands?.['index.mdx']?.code ?? '', 'function openSearch()');
});

islands.run();
