import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMessageLine } from '../src/format.js';
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

format.run();
