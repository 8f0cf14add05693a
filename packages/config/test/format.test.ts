import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatCodeFrame, formatMessageLine } from '../src/format.js';
import { createMessage } from '../src/message.js';

const format = suite('format');

format('should format a message as `file:line:column  severity  reason  [rule]`', () => {
  const message = createMessage({ reason: 'Unexpected `red` in `colors.primary`', ruleId: 'invalid-hex-color', file: '/p/docs.json', line: 4, column: 16 });
  assert.is(formatMessageLine(message, { cwd: '/p' }), 'docs.json:4:16  error  Unexpected `red` in `colors.primary`  [invalid-hex-color]');
  assert.is(formatMessageLine({ ...message, fatal: false }, { cwd: '/' }), 'p/docs.json:4:16  warning  Unexpected `red` in `colors.primary`  [invalid-hex-color]');
});

format('should show files in other folders relative to cwd and keep absolute paths without cwd', () => {
  const message = createMessage({ reason: 'R', ruleId: 'r', file: '/p/nav/a.json', line: 1, column: 2 });
  assert.is(formatMessageLine(message, { cwd: '/p/docs' }), '../nav/a.json:1:2  error  R  [r]');
  assert.is(formatMessageLine(message), '/p/nav/a.json:1:2  error  R  [r]');
});

format('should leave out unknown parts', () => {
  assert.is(formatMessageLine(createMessage({ reason: 'R', ruleId: 'r', file: '/p/docs.json' }), { cwd: '/p' }), 'docs.json  error  R  [r]');
  assert.is(formatMessageLine(createMessage({ reason: 'R', ruleId: 'r' })), 'error  R  [r]');
});

format('should frame the problem line with its neighbours and a caret under the column', () => {
  const source = 'one\ntwo\nValue: {1 +}\nfour\nfive\nsix\n';
  assert.is(
    formatCodeFrame(source, 3, 12),
    ['  1 | one', '  2 | two', '> 3 | Value: {1 +}', '    |            ^', '  4 | four', '  5 | five'].join('\n'),
  );
  assert.is(formatCodeFrame(source, 1, 1, { context: 0 }), '> 1 | one\n    | ^');
});

format('should keep tabs before the caret, pad wide line numbers, and skip impossible places', () => {
  const lines = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`);
  lines[9] = '\tx = {';
  const frame = formatCodeFrame(lines.join('\r\n'), 10, 5, { context: 1 });
  assert.is(frame, ['   9 | line 9', '> 10 | \tx = {', '     | \t   ^', '  11 | line 11'].join('\n'));
  assert.is(formatCodeFrame('a\nb', 0, 1), '');
  assert.is(formatCodeFrame('a\nb', 3, 1), '');
  assert.is(formatCodeFrame('a\nb', 2, 99), '  1 | a\n> 2 | b', 'a column past the line end gets no caret');
});

format.run();
