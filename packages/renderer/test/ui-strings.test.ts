import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientStringKeys, clientStringsScript, formatUiString, languageTag, textDirection, uiStrings, uiStringTables } from '../src/index.js';
import { en } from '../src/i18n/en.js';

const keys = Object.keys(en).sort();

test('should give every table every key of the English one, and nothing else, each a non-empty string', () => {
  assert.ok(Object.keys(uiStringTables).length >= 12, 'at least the 12 most used languages');
  for (const [code, table] of Object.entries(uiStringTables)) {
    assert.equal(Object.keys(table).sort(), keys, `${code} has exactly the English keys`);
    for (const key of keys) assert.ok(typeof table[key as keyof typeof en] === 'string' && table[key as keyof typeof en].trim() !== '', `${code}.${key}`);
  }
});

test('should keep the placeholders of each label in every language', () => {
  for (const [code, table] of Object.entries(uiStringTables)) {
    for (const key of keys) {
      const expected = (en[key as keyof typeof en].match(/\{\w+\}/g) ?? []).sort();
      assert.equal((table[key as keyof typeof en].match(/\{\w+\}/g) ?? []).sort(), expected, `${code}.${key}`);
    }
  }
});

test('should list every table file of the folder', () => {
  const folder = fileURLToPath(new URL('../src/i18n/', import.meta.url));
  const files = readdirSync(folder).filter((name) => /^[a-z]{2,3}(-[a-z]{4})?\.ts$/.test(name));
  assert.equal(files.map((name) => name.slice(0, -3)).sort(), Object.keys(uiStringTables).sort());
});

test('should pick a table by the docs.json language code, with English for the others', () => {
  assert.is(uiStrings('es').onThisPage, 'En esta página');
  assert.is(uiStrings('fr-CA').onThisPage, 'Sur cette page', 'a region falls back to its language');
  assert.is(uiStrings('pt-BR').onThisPage, 'Nesta página');
  assert.is(uiStrings('cn').search, '搜索…', '`cn` is simplified Chinese');
  assert.is(uiStrings('zh-Hans').search, '搜索…');
  assert.is(uiStrings('zh-TW').search, '搜尋…', 'Taiwan reads traditional Chinese');
  assert.is(uiStrings('zh-Hant').search, '搜尋…');
  assert.is(uiStrings('jp').search, '検索…', '`jp` is Japanese');
  assert.is(uiStrings('ja-jp').search, '検索…');
  assert.is(uiStrings('uz').search, 'Search…', 'no table: English');
  assert.is(uiStrings(undefined).search, 'Search…');
  assert.is(uiStrings('not a tag!').search, 'Search…');
});

test('should write a BCP 47 tag for `<html lang>` and lay out Arabic and Hebrew right to left', () => {
  assert.is(languageTag('cn'), 'zh-Hans');
  assert.is(languageTag('jp'), 'ja');
  assert.is(languageTag('ja-jp'), 'ja-JP');
  assert.is(languageTag('fr-ca'), 'fr-CA');
  assert.is(languageTag('<script>'), 'en');
  for (const code of ['ar', 'he', 'fa', 'ar-EG']) assert.is(textDirection(code), 'rtl', code);
  for (const code of ['en', 'es', 'zh', 'cn', undefined]) assert.is(textDirection(code), 'ltr', String(code));
});

test('should fill placeholders and leave unknown ones', () => {
  assert.is(formatUiString(uiStrings('de').openIn, { name: 'Claude' }), 'In Claude öffnen');
  assert.is(formatUiString('{a} {b}', { a: 1 }), '1 {b}');
});

test('should give the client scripts their labels in one JSON block that cannot close its script', () => {
  const script = clientStringsScript(uiStrings('es'));
  const json = /^<script type="application\/json" id="dg-strings">(.*)<\/script>$/.exec(script)?.[1];
  assert.ok(json);
  assert.equal(Object.keys(JSON.parse(json)).sort(), [...clientStringKeys].sort());
  assert.is(JSON.parse(json).copied, 'Copiado');
  const hostile = clientStringsScript({ ...uiStrings('en'), copied: '</script><script>alert(1)</script>' });
  assert.is(hostile.match(/<\/script>/g)?.length, 1);
});

test.run();
