import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderCard, type CardMessage, type CardOptions } from '../src/index.js';

// Cards of Chinese, Japanese and Korean pages. A character no face has is drawn as the same
// box (or the same missing-glyph mark) whatever it is: so a card of one character that looks
// like the card of another character is a card of boxes.

const page: CardOptions = { title: '快速开始', description: '', tab: '', siteName: '', accent: '#2563eb' };

async function render(input: CardOptions): Promise<{ png: Buffer; messages: CardMessage[] }> {
  const messages: CardMessage[] = [];
  const png = await renderCard(input, { onMessage: (message) => messages.push(message) });
  return { png, messages };
}

async function rgb(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

// Pixels of a rectangle that are not the background colour at its top-left corner.
function inked(image: Buffer, left: number, top: number, width: number, height: number): number {
  const at = (x: number, y: number) => (y * 1200 + x) * 3;
  const background = image.subarray(at(left, top), at(left, top) + 3);
  let count = 0;
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) if (!image.subarray(at(x, y), at(x, y) + 3).equals(background)) count++;
  }
  return count;
}

test('should draw Chinese, Japanese and Korean characters with glyphs, not boxes', async () => {
  // Two characters no face has give the same picture: the box.
  const box = await rgb((await render({ ...page, title: 'ש' })).png);
  assert.ok(box.equals(await rgb((await render({ ...page, title: 'م' })).png)), 'characters without a glyph all look alike');

  const titles = ['中', '文', '编', '編', 'あ', 'カ', '한', '글', '，'];
  const images: Buffer[] = [];
  for (const title of titles) {
    const { png, messages } = await render({ ...page, title });
    assert.equal(messages, [], title);
    const image = await rgb(png);
    assert.not.ok(image.equals(box), `${title} is not drawn as a box`);
    images.push(image);
  }
  const distinct = new Set(images.map((image) => image.toString('base64')));
  assert.is(distinct.size, titles.length, 'every character has a picture of its own');
});

test('should draw the title, description, tab and site name of a Chinese page, in light and dark', async () => {
  // Other characters of the same count change the pixels of that part: boxes would not.
  const rows = (image: Buffer, top: number, height: number) => image.subarray(top * 1200 * 3, (top + height) * 1200 * 3);
  for (const appearance of ['light', 'dark'] as const) {
    const input: CardOptions = { ...page, title: '编辑器设置', description: '配置可视化编辑器。', tab: '文档', siteName: '文档站', language: 'zh', appearance };
    const { png, messages } = await render(input);
    assert.equal(messages, [], appearance);
    const image = await rgb(png);
    // Base layout: tab at y 56, title from y 112, site name at y 522.
    for (const [part, other, top, height] of [
      ['tab', '指南', 40, 60],
      ['title', '快速开始页', 112, 100],
      ['description', '设置团队成员权限。', 212, 60],
      ['siteName', '帮助站', 510, 80],
    ] as const) {
      const changed = await rgb((await render({ ...input, [part]: other })).png);
      assert.not.ok(rows(changed, top, height).equals(rows(image, top, height)), `${appearance} ${part} drawn`);
    }
  }
});

test('should draw Han characters in the forms of the page’s language', async () => {
  // 直, 骨 and 海 are written differently in Simplified and Traditional Chinese, Japanese and Korean.
  const drawn = async (language?: string) => (await rgb((await render({ ...page, title: '直骨海', language })).png)).toString('base64');
  const [zh, ja, ko, tw, none] = await Promise.all([drawn('zh'), drawn('ja'), drawn('ko'), drawn('zh-TW'), drawn(undefined)]);
  assert.is(new Set([zh, ja, ko, tw]).size, 4, 'four languages, four forms');
  assert.is(none, zh, 'Simplified Chinese forms when the language is not known');
  // Kana tell a Japanese text apart without a language.
  const kana = async (language?: string) => (await rgb((await render({ ...page, title: '直すこと', language })).png)).toString('base64');
  assert.is(await kana(undefined), await kana('ja'));
});

test('should wrap and clamp long Chinese text between any two characters', async () => {
  const long = '使用文档生成器为你的规范创建交互式的接口演练场和代码示例并自动同步更新所有页面的内容与导航结构'.repeat(4);
  const { png, messages } = await render({ ...page, title: long, description: long, siteName: 'Docs', language: 'zh' });
  assert.equal(messages, []);
  const image = await rgb(png);
  // Three title lines from y 112, two description lines under them: the text ends above the
  // footer, and nothing reaches right of the text column.
  assert.ok(inked(image, 92, 112, 1028, 60) > 2000, 'first title line');
  assert.ok(inked(image, 92, 112 + 2 * 64, 1028, 60) > 2000, 'third title line');
  assert.is(inked(image, 20, 400, 1100, 80), 0, 'clamped above the rule');
  assert.is(inked(image, 1124, 100, 76, 380), 0, 'wrapped inside the column');
});

test('should leave Latin cards as they were, whatever the language', async () => {
  const input: CardOptions = { title: 'Quickstart: your first API call', description: 'Create a key.', tab: 'Guides', siteName: 'Acme Docs' };
  const plain = (await render(input)).png;
  for (const language of ['zh', 'ja', 'ko', 'zh-TW']) assert.ok((await render({ ...input, language })).png.equals(plain), language);
});

test('should draw Latin and Chinese mixed in one line', async () => {
  const mixed = await rgb((await render({ ...page, title: 'Quickstart 快速开始', language: 'zh' })).png);
  const latin = await rgb((await render({ ...page, title: 'Quickstart', language: 'zh' })).png);
  // The Chinese word comes after the Latin one: same left part, more ink to the right.
  assert.ok(inked(mixed, 92, 112, 1028, 100) > inked(latin, 92, 112, 1028, 100) + 1500);
});

test.run();
