import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { describePage, parseFrontmatter } from '../src/index.js';

const frontmatter = suite('frontmatter');
const file = '/project/page.mdx';

frontmatter('should split frontmatter from the body and give the body line', () => {
  const parsed = parseFrontmatter('---\ntitle: Hello\ntags: [a, b]\n---\n\n# Body\n', { file });
  assert.equal(parsed.data, { title: 'Hello', tags: ['a', 'b'] });
  assert.is(parsed.content, '\n# Body\n');
  assert.is(parsed.contentLine, 5);
  assert.equal(parsed.messages, []);
});

frontmatter('should treat a page without an opening fence as all body', () => {
  const parsed = parseFrontmatter('# Title\n\ntitle: not frontmatter\n', { file });
  assert.equal(parsed.data, {});
  assert.is(parsed.contentLine, 1);
  assert.equal(parsed.messages, []);
});

frontmatter('should accept CRLF line endings, a byte-order mark and quoted keys with colons', () => {
  const parsed = parseFrontmatter('\ufeff---\r\ntitle: Win\r\n"og:title": Card\r\n---\r\nBody', { file });
  assert.equal(parsed.data, { title: 'Win', 'og:title': 'Card' });
  assert.is(parsed.content, 'Body');
});

frontmatter('should give an empty mapping for empty frontmatter', () => {
  assert.equal(parseFrontmatter('---\n---\nBody', { file }).data, {});
});

frontmatter('should report invalid YAML with its line and column in the page file', () => {
  const parsed = parseFrontmatter('---\ntitle: ok\ndescription: [unclosed\n---\nBody\n', { file });
  assert.equal(parsed.data, {});
  const [message] = parsed.messages;
  assert.ok(message, 'a message');
  assert.is(message.ruleId, 'frontmatter-yaml');
  assert.is(message.fatal, true);
  assert.is(message.file, file);
  assert.is(message.line, 3);
  assert.ok((message.column ?? 0) >= 1);
  assert.match(message.reason, /^Cannot parse frontmatter: /);
});

frontmatter('should read a quoted value continued at column 0 as js-yaml does, with a warning at its place', () => {
  // The shape of a real page: YAML 1.2 ends the quoted scalar at the line less indented than
  // its key's value; js-yaml (gray-matter's reader, the hosted platform's) reads on.
  const text = '---\ntitle: Guide\ndescription:\n  "Explore the features.\n  Learn how\nto translate files."\n---\n\nBody\n';
  const parsed = parseFrontmatter(text, { file });
  assert.equal(parsed.data, { title: 'Guide', description: 'Explore the features. Learn how to translate files.' });
  assert.is(parsed.content, '\nBody\n');
  assert.ok(parsed.messages.length > 0, 'a warning');
  for (const message of parsed.messages) {
    assert.is(message.ruleId, 'frontmatter-yaml');
    assert.is(message.fatal, false);
    assert.is(message.file, file);
    assert.match(message.reason, /read as js-yaml reads it/);
  }
  assert.equal([parsed.messages[0]?.line, parsed.messages[0]?.column], [5, 12]);
});

frontmatter('should keep frontmatter that js-yaml rejects too an error, and read dates as text either way', () => {
  assert.is(parseFrontmatter('---\ntitle: "never closed\n---\nBody\n', { file }).messages[0]?.fatal, true);
  const lenient = parseFrontmatter('---\ndate: 2024-10-30\nnote:\n  "a\nb"\n---\n', { file });
  assert.equal(lenient.data, { date: '2024-10-30', note: 'a b' });
});

frontmatter('should report a key given twice', () => {
  const parsed = parseFrontmatter('---\ntitle: a\ntitle: b\n---\n', { file });
  assert.equal(
    parsed.messages.map((m) => [m.ruleId, m.line, m.column]),
    [['frontmatter-yaml', 3, 1]],
  );
});

frontmatter('should report a tab used for indentation at its place', () => {
  const parsed = parseFrontmatter('---\nseo:\n\togImage: x.png\n---\n', { file });
  assert.is(parsed.messages[0]?.ruleId, 'frontmatter-yaml');
  assert.is(parsed.messages[0]?.line, 3);
});

frontmatter('should report frontmatter that is not a mapping', () => {
  const parsed = parseFrontmatter('---\n- a\n- b\n---\n', { file });
  assert.equal(
    parsed.messages.map((m) => [m.ruleId, m.line, m.reason]),
    [['frontmatter-not-mapping', 2, 'Unexpected list as frontmatter, expected a mapping of keys such as `title: …`']],
  );
});

frontmatter('should report an opening fence that is never closed', () => {
  const parsed = parseFrontmatter('---\ntitle: a\n\n# Body\n', { file });
  assert.equal(
    parsed.messages.map((m) => [m.ruleId, m.line, m.column]),
    [['frontmatter-unclosed', 1, 1]],
  );
});

frontmatter('should report an alias whose anchor is missing at its line', () => {
  const parsed = parseFrontmatter('---\ntitle: a\nx: *missing\n---\n', { file });
  assert.equal(parsed.messages.map((m) => [m.ruleId, m.line]), [['frontmatter-yaml', 3]]);
});

frontmatter('should read every frontmatter as the YAML parser does, the simple ones without it too', () => {
  // Values around the edges of the fast path: quotes, colons, hashes, YAML words, numbers,
  // flow characters, escapes, trailing spaces, non-ASCII, empty values.
  const values = [
    '"Hello"', '"a: b # c"', '"with \\"escape\\""', '"tab\there"', "'single'", "'It''s'", "'a: b'", 'Plain text', 'Plain text   ',
    'Hello "world"', 'A [b] c', 'Step 1:', 'C# tips', 'x # comment', 'true', 'True', 'FALSE', 'null', 'Null', 'yes', 'no', 'on',
    '~', '', '12', '007', '1.5', '.inf', 'nan', 'Über', 'emoji 🎉', '{a: 1}', '[a, b]', '"unclosed', "'unclosed", 'a\\b', '- item',
    '&anchor x', '*alias', '!tag x', '|', '>', '"" ', "''", 'key:value',
    '3', '0', '-4', '+1', '-0', '0.25', '10.50', '1.', '.5', '1e3', '0x1F', '12345678901234567890', '3 apples', '2026-01-02',
    '["a", "b"]', '[ "a" , "b" ]', '["solo"]', '[]', '[ ]', '["a: b", "c # d"]', '["x\\"y"]', '["a",]', '["a" "b"]', '["unclosed]',
    "['a', 'b']", '["a", b]', '[["a"]]', '["a"] x', '/spec.json GET /users/{id}', '/es/a.json POST /v1/{p}/job', '/a # note', '/a: b', '//x',
  ];
  const keys = ['title', 'description', 'og-image', 'sidebar_title', 'hidden'];
  let compared = 0;
  for (const [index, value] of values.entries()) {
    for (const layout of [
      `${keys[index % keys.length]}: ${value}`,
      `title: "First"\n${keys[(index + 1) % keys.length]}: ${value}\n\nicon: rocket`,
      `${keys[index % keys.length]}:\t${value}`,
    ]) {
      let expected: unknown;
      try {
        expected = parseYaml(layout, { uniqueKeys: true }) ?? {};
      } catch {
        continue; // Broken YAML: messages, tested above.
      }
      if (typeof expected !== 'object' || Array.isArray(expected)) continue;
      const parsed = parseFrontmatter(`---\n${layout}\n---\nBody\n`, { file });
      assert.equal(parsed.data, expected, layout);
      compared += 1;
    }
  }
  assert.ok(compared > 100, `${compared} compared`);
  // Repeated keys are an error, as the parser says.
  assert.is(parseFrontmatter('---\ntitle: A\ntitle: B\n---\n', { file }).messages[0]?.ruleId, 'frontmatter-yaml');
});

frontmatter('should read a title, sidebar title or description that YAML reads as a number', () => {
  const parsed = parseFrontmatter('---\ntitle: 2026\nsidebarTitle: 7\ndescription: 404\n---\n\nBody\n', { file });
  const page = describePage({ slug: 'changelog/notes', file, relativePath: 'changelog/notes.mdx', format: 'mdx' } as never, parsed.data, parsed.content);
  assert.is(page.title, '2026');
  assert.is(page.titleSource, 'frontmatter');
  assert.is(page.sidebarTitle, '7');
  assert.is(page.description, '404');
});

frontmatter.run();
