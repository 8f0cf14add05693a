import type { ErrorObject } from 'ajv';
import { actualOf, report, showPath } from './ajv-message.js';
import { suggest } from '@docsgen/util/did-you-mean';
import type { JsonPath } from './json-source.js';
import { formatJsonPath, type DocsgenMessage } from './message.js';
import { deref, describeActual, describeSchema, formatList, isPlainObject, type SchemaNode } from './schema-tools.js';
import { explainErrors, type ExplainContext } from './validate.js';

/** How well a value fits one branch of a union. */
type Fit =
  /** The value has the branch's type and its discriminating keys; errors are inside. */
  | 'plausible'
  /** Right type, but not one of the branch's allowed values. */
  | 'value-mismatch'
  /** An object without any of the branch's required keys, or with a wrong discriminator. */
  | 'key-mismatch'
  /** Wrong JSON type for the branch. */
  | 'type-mismatch';

interface Branch {
  index: number;
  schema: SchemaNode;
  messages: DocsgenMessage[];
  fit: Fit;
}

/**
 * Explains a failed `anyOf` by the branch the user most likely meant instead of every
 * branch's errors. Each branch is validated on its own; branches the value clearly does
 * not fit (wrong type, no discriminating key) are set aside when another branch fits;
 * among fitting branches the one with the fewest errors wins, so a branch with only
 * `unknown-key` warnings satisfies the union. When no branch fits, one message sums up
 * what was expected.
 */
export function explainUnion(error: ErrorObject, path: JsonPath, context: ExplainContext): DocsgenMessage[] {
  const union = (error.parentSchema ?? {}) as SchemaNode;
  const schemas = Array.isArray(union.anyOf) ? (union.anyOf as SchemaNode[]) : [];
  const pointer = context.validator.pointers.get(union);
  const value: unknown = error.data;
  const branches: Branch[] = [];
  for (const [index, schema] of schemas.entries()) {
    // Without a pointer (never expected) no branch is explained and the summary below is used.
    const validate = pointer === undefined ? undefined : context.validator.branch(`${pointer}/anyOf/${index}`);
    if (!validate) continue;
    if (validate(value)) return [];
    const messages = explainErrors([...(validate.errors ?? [])], value, path, context);
    branches.push({ index, schema, messages, fit: fitOf(value, path, deref(schema, context.root), messages) });
  }

  const plausible = branches.filter((branch) => branch.fit === 'plausible');
  if (plausible.length > 0) return fewestErrors(plausible).messages;

  const values = branches.filter((branch) => branch.fit === 'value-mismatch');
  if (values.length > 0) return [valueMessage(value, path, branches, values, context)];

  const keyed = branches.filter((branch) => branch.fit === 'key-mismatch');
  if (keyed.length > 0) return fewestErrors(keyed).messages;

  const expected = describeSchema(union, context.root);
  return [
    report(context, path, {
      reason: `Unexpected ${describeActual(value)} in ${showPath(context, path)}, expected ${formatList(expected)}`,
      ruleId: 'invalid-type',
      actual: actualOf(value),
      expected,
    }),
  ];
}

function fitOf(value: unknown, path: JsonPath, schema: SchemaNode, messages: DocsgenMessage[]): Fit {
  const own = formatJsonPath(path);
  const atOwn = messages.filter((message) => message.path === own && message.fatal);
  if (atOwn.some((message) => message.ruleId === 'invalid-type')) return 'type-mismatch';
  if (atOwn.some((message) => message.ruleId === 'invalid-enum')) return 'value-mismatch';
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  if (isPlainObject(value) && required.length > 0) {
    if (!required.some((key) => Object.hasOwn(value, key))) return 'key-mismatch';
    const discriminators = new Set(required.map((key) => formatJsonPath([...path, key])));
    if (messages.some((message) => message.ruleId === 'invalid-enum' && discriminators.has(message.path ?? ''))) {
      return 'key-mismatch';
    }
  }
  return 'plausible';
}

function fewestErrors(branches: Branch[]): Branch {
  const score = (branch: Branch) => [branch.messages.filter((message) => message.fatal).length, branch.messages.length];
  return branches.reduce((best, branch) => {
    const [bestFatal = 0, bestTotal = 0] = score(best);
    const [fatal = 0, total = 0] = score(branch);
    return fatal < bestFatal || (fatal === bestFatal && total < bestTotal) ? branch : best;
  });
}

/** One `invalid-enum` listing the allowed values of the branches of the value's type. */
function valueMessage(
  value: unknown,
  path: JsonPath,
  branches: Branch[],
  matching: Branch[],
  context: ExplainContext,
): DocsgenMessage {
  const allowed = matching.flatMap((branch) => {
    const schema = deref(branch.schema, context.root);
    return Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  });
  const others = branches
    .filter((branch) => branch.fit !== 'value-mismatch')
    .flatMap((branch) => describeSchema(branch.schema, context.root))
    .filter((part) => !part.startsWith('`'));
  const expected = [...new Set([...allowed.map((option) => `\`${actualOf(option)}\``), ...others])];
  const strings = allowed.filter((option): option is string => typeof option === 'string');
  const match = typeof value === 'string' ? suggest(value, strings) : undefined;
  return report(context, path, {
    reason: `Unexpected ${describeActual(value)} in ${showPath(context, path)}, expected ${formatList(expected)}`,
    ruleId: 'invalid-enum',
    actual: actualOf(value),
    expected: [...allowed.map(actualOf), ...others],
    note: match ? `Did you mean \`${match}\`?` : undefined,
  });
}
