import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const specs = suite('checkProject: API specs');

const spec = (extra: string) => `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/${extra}'
components:
  schemas:
    Pet:
      type: object
`;

specs('should report spec problems and unknown operations with their places, in one run', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify(
      { name: 'API', api: { openapi: 'openapi.yaml' }, navigation: { pages: ['index', 'GET /pets', 'DELETE /pets'] } },
      null,
      2,
    ),
    'openapi.yaml': spec('Missing'),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'bound.mdx': '---\ntitle: Bound\nopenapi: POST /nowhere\n---\n\nProse.\n',
    'unread.mdx': '---\ntitle: Unread\n\nopenapi:   gone.yaml GET /pets\n---\n\nProse.\n',
    'slash.mdx': '---\ntitle: Slash\nopenapi: "GET /pets/"\n---\n\nProse.\n',
  });
  const result = await checkProject(root, { compile: false });
  const lines = result.messages.map((message) => `${message.file ? message.file.slice(root.length + 1) : ''}:${message.line ?? ''} ${message.ruleId}`);
  assert.ok(lines.some((line) => /^openapi\.yaml:15 ref-target-missing$/.test(line)), lines.join('\n'));
  assert.ok(lines.some((line) => /^docs\.json:\d+ openapi-operation-missing$/.test(line)), lines.join('\n'));
  // A page's message is placed on the frontmatter value it is about.
  const at = (file: string, ruleId: string) => result.messages.filter((message) => message.file?.endsWith(file) && message.ruleId === ruleId).map((message) => [message.line, message.column]);
  assert.equal(at('bound.mdx', 'openapi-operation-missing'), [[3, 10]]);
  assert.equal(at('unread.mdx', 'spec-unreadable'), [[4, 12]]);
  assert.equal(at('slash.mdx', 'openapi-operation-trailing-slash'), [[3, 10]]);
  assert.not.ok(lines.some((line) => line.includes('nav-page-missing')), 'operations are not pages');
});

specs('should pass a project whose spec and operations are fine', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'API', api: { openapi: 'openapi.yaml' }, navigation: { pages: ['index', 'GET /pets'] } }),
    'openapi.yaml': spec('Pet'),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
  });
  const result = await checkProject(root, { compile: false });
  assert.equal(result.messages.filter((message) => message.fatal), [], JSON.stringify(result.messages));
});

specs.run();
