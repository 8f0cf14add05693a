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
  // The page's text starts on line 9 of the file.
  assert.equal(
    rendered?.messages.map((message) => [message.ruleId, message.line, message.column, message.reason]),
    [
      ['handler-dropped', 24, 28, 'Cannot make the `onClick` handler of `<button>` work in the browser: it uses `label`, which is neither declared in the page nor a global of the browser'],
      ['handler-dropped', 27, 25, 'Cannot make the `onClick` handler of `<button>` work in the browser: it holds a Markdown link (`[…](…)`), which docsgen renders with a component of its own that does not run in the browser'],
    ],
  );
  const html = rendered?.html ?? '';
  // The hero, whole, as it renders without the island; Markdown-made <p> and <strong> inside.
  assert.match(html, '<docsgen-island data-module="index.mdx" data-export="DocsgenHandlers1" data-props="{}"><div class="hero"><h2 id="welcome">Welcome</h2><button type="button">Search our <strong>docs</strong></button></div></docsgen-island>');
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

islands("should make a handler that uses the browser's globals an island, and page variables stay the page's", async () => {
  const page = [
    "export const greeting = 'Hello';",
    '',
    // A Markdown heading (docsgen's <h2>) keeps the page's content as a whole in the page.
    '## Buttons',
    '',
    '<div id="title"><button type="button" onClick={(event) => { document.title = greeting; }}>Title</button></div>',
    '',
    '<div id="log"><button type="button" onClick={() => console.log(JSON.stringify({ at: Date.now(), n: Math.PI }))}>Log</button></div>',
    '',
    '<div id="timer"><button type="button" onClick={() => { clearTimeout(setTimeout(() => localStorage.setItem("k", "v"), 10)); }}>Timer</button></div>',
    '',
    '<div id="copy">',
    '  <button',
    '    type="button"',
    '    onClick={async (event) => {',
    '      const prompt = `Set up ${greeting}`;',
    '      const button = event.currentTarget;',
    '      window.clearTimeout(Number(button.dataset.reset));',
    '      try {',
    '        await navigator.clipboard.writeText(prompt);',
    '        button.textContent = "Copied";',
    '      } catch {',
    '        button.textContent = "Copy failed";',
    '      } finally {',
    '        button.dataset.reset = String(window.setTimeout(() => { button.textContent = "Copy"; }, 1600));',
    '      }',
    '    }}',
    '  >',
    '    Copy',
    '  </button>',
    '</div>',
  ].join('\n');
  const site = await createSite(project(page));
  const rendered = await site.render('index');
  assert.equal(rendered?.messages, []);
  const html = rendered?.html ?? '';
  for (const [index, id] of ['title', 'log', 'timer', 'copy'].entries()) {
    assert.match(html, `<docsgen-island data-module="index.mdx" data-export="DocsgenHandlers${index + 1}" data-props="{}"><div id="${id}">`);
  }
  const code = rendered?.islands?.['index.mdx']?.code ?? '';
  // The globals are the browser's: not taken from the content's props, as free names there are.
  assert.match(code, /function DocsgenHandlers4\(\) \{\n\s*return/);
  assert.match(code, 'navigator.clipboard.writeText(prompt)');
});

islands('should report each handler left in the page, where it is written and why', async () => {
  const page = [
    '<div><button type="button" title={typeof window} onClick={() => window.alert("x")}>Read while rendering</button></div>',
    '',
    '<div><button type="button" onClick={() => process.exit(1)}>Node only</button></div>',
    '',
    '<Note onClick={() => document.title = "x"}>On a component</Note>',
    '',
    '<Note>{true && <button type="button" onClick={() => document.title = "x"}>In an expression</button>}</Note>',
    '',
    '<div><button type="button" onClick={function () { this.textContent = "x"; }}>This</button></div>',
    '',
    '<div><button type="button" onClick={() => document.title = "x"}>Moves</button></div>',
  ].join('\n');
  const site = await createSite(project(page));
  const rendered = await site.render('index');
  const reason = (element: string, why: string) => `Cannot make the \`onClick\` handler of \`<${element}>\` work in the browser: ${why}`;
  assert.equal(
    rendered?.messages.map((message) => [message.ruleId, message.line, message.column, message.reason, message.fatal]),
    [
      ['handler-dropped', 9, 50, reason('button', 'it reads `window` while the page is rendered, on the server, which has no `window`'), false],
      ['handler-dropped', 11, 28, reason('button', 'it uses `process`, which is neither declared in the page nor a global of the browser'), false],
      ['handler-dropped', 13, 7, reason('Note', "`<Note>` is one of docsgen's components, which do not run in the browser"), false],
      ['handler-dropped', 15, 38, reason('button', 'it is written inside a `{…}` expression of a part that cannot leave the page'), false],
      ['handler-dropped', 17, 28, reason('button', 'it uses `this`'), false],
    ],
  );
  assert.ok(rendered?.messages.every((message) => message.source === '@docsgen/core' && message.note), 'each says how to fix it');
  const html = rendered?.html ?? '';
  assert.match(html, '<docsgen-island data-module="index.mdx" data-export="DocsgenHandlers1" data-props="{}"><div><button type="button">Moves</button></div></docsgen-island>');
  assert.is(html.split('<docsgen-island').length - 1, 1);
});

islands.run();
