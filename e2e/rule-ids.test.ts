// Every rule id the code emits is documented twice, in the README of the package that emits it
// and on docs/reference/messages.mdx, and neither lists an id the code no longer emits.
//
// Rule ids are found statically in packages/*/src with the TypeScript compiler, in these forms:
//   - an object property `ruleId: <string literal>` (also `a ? 'x' : 'y'`, a `const` holding a
//     literal, and `message.ruleId = 'x'`): every message object in docsgen is built that way;
//   - a helper whose `ruleId` property comes from one of its parameters, such as
//     `const fail = (ruleId: string, …) => createMessage({ ruleId, … })` in config's includes:
//     then the string literal passed at that position of every call of the helper, following
//     helpers that call helpers;
//   - the legacy vfile origin `'source:rule-id'` given to `file.message`/`file.fail`/`file.info`
//     or `new VFileMessage`, for remark/rehype plugins written that way.
// Any other `ruleId: …` value (a table lookup, a computed string) fails the test, so an id can
// never escape the check by being written in a form the scan does not read.
//
// `ruleId: other.ruleId` relays an id emitted elsewhere and is not counted either.
// Reading `message.ruleId === 'x'` is a comparison, not an emission, and is not counted. The
// dev server's `reason` values (`dot-segment`, …) are request-rejection reasons returned with a
// status code, not message rule ids; its README lists them in a `reason` table, which is not a
// rule-id table and is ignored here.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const messagesPage = 'docs/reference/messages.mdx';
const ruleIdPattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

interface FoundId {
  id: string;
  /** Absolute path of the source file the id is written in. */
  file: string;
  /** `path:line`, for failure messages. */
  place: string;
}

interface ScanResult {
  found: FoundId[];
  /** Places where a rule id is produced in a form the scan cannot read. */
  problems: string[];
}

function listSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...listSourceFiles(path));
    else if (/\.(?:ts|tsx|mts|cts)$/.test(name) && !/\.d\.[mc]?ts$/.test(name)) files.push(path);
  }
  return files.sort();
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : undefined;
}

function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** `file.message(…)`, `file.fail(…)`, `file.info(…)` or `new VFileMessage(…)`. */
function isVfileReport(node: ts.Node): node is ts.CallExpression | ts.NewExpression {
  if (ts.isCallExpression(node)) {
    return ts.isPropertyAccessExpression(node.expression) && ['message', 'fail', 'info'].includes(node.expression.name.text);
  }
  return ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'VFileMessage';
}

/** Finds every rule id produced in `files` (absolute paths of TypeScript sources). */
function scanRuleIds(files: string[]): ScanResult {
  const program = ts.createProgram({
    rootNames: files,
    options: {
      noEmit: true,
      noLib: true,
      types: [],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    },
  });
  const checker = program.getTypeChecker();
  const found: FoundId[] = [];
  const problems: string[] = [];
  const calls: ts.CallExpression[] = [];
  /** Functions that put one of their parameters into `ruleId`, with that parameter's index. */
  const helpers: { symbol: ts.Symbol; index: number; name: string }[] = [];

  const placeOf = (node: ts.Node): string => {
    const source = node.getSourceFile();
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${relative(repo, source.fileName).split(sep).join('/')}:${line + 1}`;
  };
  const resolveSymbol = (symbol: ts.Symbol | undefined): ts.Symbol | undefined =>
    symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  function functionSymbol(fn: ts.SignatureDeclaration): { symbol: ts.Symbol; name: string } | undefined {
    let name: ts.Node | undefined;
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) name = fn.name;
    else if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent)) name = fn.parent.name;
    if (!name || !ts.isIdentifier(name)) return undefined;
    const symbol = checker.getSymbolAtLocation(name);
    return symbol && { symbol, name: name.text };
  }

  /** Reads the rule id(s) an identifier stands for: a `const` literal or a helper's parameter. */
  function readSymbol(symbol: ts.Symbol | undefined, at: ts.Node): boolean {
    const declaration = resolveSymbol(symbol)?.valueDeclaration;
    if (!declaration) return false;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) {
      readIds(declaration.initializer, at);
      return true;
    }
    if (ts.isParameter(declaration) && ts.isIdentifier(declaration.name)) {
      const fn = declaration.parent;
      const helper = functionSymbol(fn);
      if (!helper) return false;
      const index = fn.parameters.indexOf(declaration);
      if (!helpers.some((known) => known.symbol === helper.symbol && known.index === index)) {
        const added = { ...helper, index };
        helpers.push(added);
        for (const call of calls) readCall(call, added);
      }
      return true;
    }
    return false;
  }

  function readIds(value: ts.Expression, at: ts.Node): void {
    const expression = unwrap(value);
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      const file = expression.getSourceFile().fileName;
      found.push({ id: expression.text, file, place: placeOf(expression) });
      if (!ruleIdPattern.test(expression.text)) problems.push(`${placeOf(expression)}: rule id \`${expression.text}\` is not a kebab-case noun`);
      return;
    }
    if (ts.isConditionalExpression(expression)) {
      readIds(expression.whenTrue, at);
      readIds(expression.whenFalse, at);
      return;
    }
    if (ts.isIdentifier(expression) && readSymbol(checker.getSymbolAtLocation(expression), at)) return;
    // `ruleId: message.ruleId` relays an id some other code emitted (a plugin's vfile message
    // converted into a DocsgenMessage); the emitting code is scanned where it is written.
    if (ts.isPropertyAccessExpression(expression) && expression.name.text === 'ruleId') return;
    problems.push(
      `${placeOf(at)}: cannot read the rule id \`${expression.getText()}\` statically; write a string literal, or teach e2e/rule-ids.test.ts this form`,
    );
  }

  function readCall(call: ts.CallExpression, helper: { symbol: ts.Symbol; index: number }): void {
    if (resolveSymbol(checker.getSymbolAtLocation(call.expression)) !== helper.symbol) return;
    const argument = call.arguments[helper.index];
    // An optional rule-id parameter left out produces no id.
    if (argument) readIds(argument, argument);
  }

  const sources = files.map((file) => program.getSourceFile(file)).filter((source): source is ts.SourceFile => source !== undefined);
  const collectCalls = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, collectCalls);
  };
  for (const source of sources) collectCalls(source);

  const visit = (node: ts.Node): void => {
    if (isVfileReport(node)) {
      for (const argument of (node.arguments ?? []).slice(1, 3)) {
        const origin = unwrap(argument);
        if (!ts.isStringLiteral(origin) && !ts.isNoSubstitutionTemplateLiteral(origin)) continue;
        const id = /^[^:\s]+:([^:\s]+)$/.exec(origin.text)?.[1];
        if (id === undefined) continue;
        found.push({ id, file: origin.getSourceFile().fileName, place: placeOf(origin) });
        if (!ruleIdPattern.test(id)) problems.push(`${placeOf(origin)}: rule id \`${id}\` is not a kebab-case noun`);
      }
    }
    if (ts.isPropertyAssignment(node) && propertyName(node.name) === 'ruleId') {
      readIds(node.initializer, node);
    } else if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'ruleId') {
      if (!readSymbol(checker.getShorthandAssignmentValueSymbol(node), node)) {
        problems.push(`${placeOf(node)}: cannot read the rule id \`ruleId\` statically; teach e2e/rule-ids.test.ts this form`);
      }
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'ruleId'
    ) {
      readIds(node.right, node);
    }
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  return { found, problems };
}

/** Rule ids in the first column of the tables headed `Rule id` in the `## Messages` section. */
function readReadmeRuleIds(text: string): { hasTable: boolean; ids: Set<string> } {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^## Messages\s*$/.test(line));
  const ids = new Set<string>();
  let hasTable = false;
  if (start === -1) return { hasTable, ids };
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (/^## /.test(line)) break;
    if (!line.trimStart().startsWith('|')) {
      inTable = false;
      continue;
    }
    const first = (line.split('|')[1] ?? '').trim();
    if (!inTable && /^rule id$/i.test(first)) {
      inTable = hasTable = true;
      continue;
    }
    if (!inTable || /^:?-+:?$/.test(first)) continue;
    for (const match of first.matchAll(/`([^`]+)`/g)) ids.add(match[1]!);
  }
  return { hasTable, ids };
}

/**
 * Rule ids of the page: one heading `### \`rule-id\`` per rule, with the text under it (a
 * `**Severity:** error` line and an example line as `docsgen check` prints it).
 */
function readPageRuleIds(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  const headings = [...text.matchAll(/^(#{2,4}) +(.+?)\s*$/gm)];
  headings.forEach((heading, index) => {
    const id = /^`([^`]+)`$/.exec(heading[2]!)?.[1];
    if (!id) return;
    const end = headings[index + 1]?.index ?? text.length;
    sections.set(id, text.slice(heading.index! + heading[0].length, end));
  });
  return sections;
}

const packagesDir = join(repo, 'packages');
const packages = readdirSync(packagesDir)
  .filter((name) => statSync(join(packagesDir, name, 'src'), { throwIfNoEntry: false })?.isDirectory())
  .sort();
const scan = scanRuleIds(packages.flatMap((name) => listSourceFiles(join(packagesDir, name, 'src'))));
const packageOf = (file: string): string => relative(packagesDir, file).split(sep)[0]!;
const emitted = new Map<string, Map<string, string[]>>(packages.map((name) => [name, new Map()]));
for (const { id, file, place } of scan.found) {
  const ids = emitted.get(packageOf(file))!;
  ids.set(id, [...(ids.get(id) ?? []), place]);
}
const allIds = new Set(scan.found.map((entry) => entry.id));
const readReadme = (name: string): string => {
  try {
    return readFileSync(join(packagesDir, name, 'README.md'), 'utf8');
  } catch {
    return '';
  }
};

const ruleIds = suite('rule ids');

ruleIds('should read every rule id form the code uses, and refuse forms it cannot read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsgen-rule-ids-'));
  const file = join(dir, 'sample.ts');
  writeFileSync(
    file,
    [
      "const fail = (ruleId: string, reason: string) => ({ reason, ruleId });",
      "const report = (reason: string, ruleId: string) => fail(ruleId, reason);",
      "const rule = 'constant-id';",
      'export function sample(flag: boolean, message: { ruleId: string }) {',
      "  fail('helper-id', 'x');",
      "  report('y', 'chained-id');",
      "  if (message.ruleId === 'compared-only') message.ruleId = 'assigned-id';",
      "  return [{ ruleId: flag ? 'conditional-a' : 'conditional-b' }, { ruleId: 'literal-id' as const }, { ruleId: rule }];",
      '}',
      "const table: Record<string, string> = { a: 'table-id' };",
      'export const lookUp = (key: string) => ({ ruleId: table[key] });',
      "export const plugin = (file: any) => file.message('Unexpected x', undefined, 'docsgen:origin-id');",
    ].join('\n'),
  );
  try {
    const result = scanRuleIds([file]);
    assert.equal([...new Set(result.found.map((entry) => entry.id))].sort(), [
      'assigned-id',
      'chained-id',
      'conditional-a',
      'conditional-b',
      'constant-id',
      'helper-id',
      'literal-id',
      'origin-id',
    ]);
    assert.is(result.problems.length, 1, result.problems.join('\n'));
    assert.match(result.problems[0]!, /sample\.ts:11: cannot read the rule id `table\[key\]`/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

ruleIds('should read every rule id in packages/*/src statically', () => {
  assert.equal(scan.problems, [], scan.problems.join('\n'));
  assert.ok(allIds.size > 0, 'the scan found no rule id at all in packages/*/src');
});

ruleIds('should find rule ids in every package whose README has a rule-id table', () => {
  for (const name of packages) {
    const readme = readReadmeRuleIds(readReadme(name));
    if (!readme.hasTable) continue;
    assert.ok(
      emitted.get(name)!.size > 0,
      `packages/${name}/README.md lists ${readme.ids.size} rule ids, but the scan found none in packages/${name}/src: ` +
        'the code emits them in a form e2e/rule-ids.test.ts does not read',
    );
  }
});

ruleIds("should list every emitted rule id in its package's README, and no other", () => {
  const failures: string[] = [];
  for (const name of packages) {
    const readme = readReadmeRuleIds(readReadme(name));
    const ids = emitted.get(name)!;
    if (ids.size > 0 && !readme.hasTable) {
      failures.push(`packages/${name}/README.md has no \`| Rule id |\` table under \`## Messages\`, but the package emits ${[...ids.keys()].join(', ')}`);
      continue;
    }
    for (const [id, places] of ids) {
      if (!readme.ids.has(id)) failures.push(`\`${id}\` (${places.join(', ')}) is missing from the Messages table of packages/${name}/README.md`);
    }
    for (const id of readme.ids) {
      if (ids.has(id)) continue;
      const owner = packages.find((other) => emitted.get(other)!.has(id));
      failures.push(
        owner
          ? `packages/${name}/README.md lists \`${id}\`, which packages/${owner} emits, not ${name}`
          : `packages/${name}/README.md lists \`${id}\`, which no code emits any more`,
      );
    }
  }
  assert.equal(failures, [], failures.join('\n'));
});

ruleIds(`should document every emitted rule id on ${messagesPage}, and no other`, () => {
  const text = readFileSync(join(repo, messagesPage), 'utf8');
  const sections = readPageRuleIds(text);
  const failures: string[] = [];
  for (const id of [...allIds].sort()) {
    const section = sections.get(id);
    if (section === undefined) {
      failures.push(`\`${id}\` has no "### \`${id}\`" section on ${messagesPage}`);
      continue;
    }
    if (!/^\*\*Severity:\*\* (?:error|warning)\b/m.test(section)) failures.push(`the section of \`${id}\` has no \`**Severity:** error\` or \`warning\` line`);
    if (!section.includes(`  [${id}]`)) failures.push(`the section of \`${id}\` has no example line ending in \`  [${id}]\``);
  }
  for (const id of sections.keys()) {
    if (!allIds.has(id)) failures.push(`${messagesPage} documents \`${id}\`, which no code emits any more`);
  }
  assert.equal(failures, [], failures.join('\n'));
});

ruleIds(`should keep ${messagesPage} valid MDX: no bare \`{\`, \`}\` or \`<\` outside code`, () => {
  const text = readFileSync(join(repo, messagesPage), 'utf8');
  assert.match(text, /^---\ntitle: Messages\ndescription: .+\n---\n/);
  const failures: string[] = [];
  let inFence = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
    if (/[{}<]/.test(prose)) failures.push(`${messagesPage}:${index + 1}: ${line}`);
  });
  assert.not.ok(inFence, `${messagesPage} has an unclosed code fence`);
  assert.equal(failures, [], failures.join('\n'));
});

ruleIds.run();
