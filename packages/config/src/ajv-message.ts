import type { ErrorObject } from 'ajv';
import { suggest } from '@docsgen/util/did-you-mean';
import type { JsonPath } from './json-source.js';
import { createMessage, formatJsonPath, type DocsgenMessage, type SourceLocation } from './message.js';
import {
  describeActual,
  describeSchema,
  formatList,
  formatValue,
  isHexColorSchema,
  isPlainObject,
  jsonType,
  type SchemaNode,
} from './schema-tools.js';

/** What translating needs besides the error: the schema and where values were written. */
export interface TranslateContext {
  root: SchemaNode;
  /** Name of the config file in messages, for the top-level path (`docs.json`). */
  label: string;
  /** File for messages without a known position. */
  file: string | undefined;
  locate(path: JsonPath): SourceLocation | undefined;
  locateKey(path: JsonPath): SourceLocation | undefined;
}

type MessageFields = Omit<DocsgenMessage, 'source' | 'fatal' | 'path' | 'file' | 'line' | 'column'> & { fatal?: boolean };

/** Creates a message about `path`, placed at its value (or at its key with `atKey`). */
export function report(context: TranslateContext, path: JsonPath, fields: MessageFields, atKey = false): DocsgenMessage {
  let place = atKey ? context.locateKey(path) : undefined;
  for (let length = path.length; !place && length >= 0; length--) place = context.locate(path.slice(0, length));
  return createMessage({ ...fields, path: formatJsonPath(path), file: context.file, ...place });
}

/** `navigation.tabs[0]`, or the file name for the top level. */
export function showPath(context: TranslateContext, path: JsonPath): string {
  return `\`${formatJsonPath(path) || context.label}\``;
}

/** Text of a found value for `actual`. */
export function actualOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

const hexNote = 'For example `#0d9373`, or `#0d9373cc` with transparency.';

/**
 * Turns one ajv error (not `anyOf`; those are handled by `explainUnion`) into a message.
 * `path` is the full path of the offending value.
 */
export function translateError(error: ErrorObject, path: JsonPath, context: TranslateContext): DocsgenMessage {
  const value: unknown = error.data;
  const where = showPath(context, path);
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = isPlainObject(parent.properties) ? Object.keys(parent.properties) : [];
      const match = suggest(key, known);
      return report(
        context,
        [...path, key],
        {
          reason: `Unexpected key \`${key}\` in ${where}`,
          ruleId: 'unknown-key',
          fatal: false,
          actual: key,
          expected: known,
          note: match ? `Did you mean \`${match}\`?` : 'Remove it: docsgen ignores keys it does not know.',
        },
        true,
      );
    }
    case 'required': {
      const key = String(params.missingProperty);
      return report(context, path, {
        reason: `Missing required key \`${key}\` in ${where}`,
        ruleId: 'missing-key',
        expected: [key],
      });
    }
    case 'type':
      return typeMessage(value, path, parent, context);
    case 'enum':
    case 'const': {
      const allowed = error.keyword === 'enum' ? (error.schema as unknown[]) : [error.schema];
      if (!allowed.some((option) => jsonType(option) === jsonType(value))) return typeMessage(value, path, parent, context);
      const strings = allowed.filter((option): option is string => typeof option === 'string');
      const match = typeof value === 'string' ? suggest(value, strings) : undefined;
      return report(context, path, {
        reason: `Unexpected ${describeActual(value)} in ${where}, expected ${formatList(allowed.map(formatValue))}`,
        ruleId: 'invalid-enum',
        actual: actualOf(value),
        expected: allowed.map(actualOf),
        note: match ? `Did you mean \`${match}\`?` : undefined,
      });
    }
    case 'pattern':
      if (isHexColorSchema(parent, context.root)) {
        return report(context, path, {
          reason: `Unexpected ${describeActual(value)} in ${where}, expected a hex colour: \`#\` followed by 3, 6 or 8 hex digits`,
          ruleId: 'invalid-hex-color',
          actual: actualOf(value),
          expected: ['#rgb', '#rrggbb', '#rrggbbaa'],
          note: hexNote,
        });
      }
      return invalidValue(`a string matching \`${String(params.pattern)}\``);
    case 'uniqueItems': {
      const index = Number(params.i);
      const item = Array.isArray(value) ? value[index] : undefined;
      return report(context, [...path, index], {
        reason: `Unexpected duplicate ${describeActual(item)} in ${where}, expected unique items`,
        ruleId: 'invalid-value',
        actual: actualOf(item),
        note: `Remove one of items ${String(params.j)} and ${String(params.i)}.`,
      });
    }
    default:
      return invalidValue(describeLimit(error.keyword, params) ?? `a value that ${error.message ?? 'is valid'}`);
  }

  function invalidValue(expected: string): DocsgenMessage {
    return report(context, path, {
      reason: `Unexpected ${describeActual(value)} in ${where}, expected ${expected}`,
      ruleId: 'invalid-value',
      actual: actualOf(value),
      expected: [expected],
    });
  }
}

function typeMessage(value: unknown, path: JsonPath, parent: SchemaNode, context: TranslateContext): DocsgenMessage {
  const expected = describeSchema(parent, context.root);
  const isHex = isHexColorSchema(parent, context.root);
  return report(context, path, {
    reason: `Unexpected ${describeActual(value)} in ${showPath(context, path)}, expected ${formatList(expected)}${isHex ? ': `#` followed by 3, 6 or 8 hex digits' : ''}`,
    ruleId: 'invalid-type',
    actual: actualOf(value),
    expected,
    note: isHex ? hexNote : undefined,
  });
}

function describeLimit(keyword: string, params: Record<string, unknown>): string | undefined {
  const limit = Number(params.limit);
  const plural = (word: string) => `${limit} ${word}${limit === 1 ? '' : 's'}`;
  switch (keyword) {
    case 'minLength':
      return limit === 1 ? 'a non-empty string' : `at least ${plural('character')}`;
    case 'maxLength':
      return `at most ${plural('character')}`;
    case 'minItems':
      return limit === 1 ? 'a non-empty array' : `at least ${plural('item')}`;
    case 'maxItems':
      return `at most ${plural('item')}`;
    case 'minProperties':
      return limit === 1 ? 'a non-empty object' : `at least ${plural('key')}`;
    case 'maxProperties':
      return `at most ${plural('key')}`;
    case 'minimum':
      return `a number of at least ${limit}`;
    case 'maximum':
      return `a number of at most ${limit}`;
    case 'exclusiveMinimum':
      return `a number greater than ${limit}`;
    case 'exclusiveMaximum':
      return `a number less than ${limit}`;
    case 'multipleOf':
      return `a multiple of ${String(params.multipleOf)}`;
    case 'format':
      return `a valid ${String(params.format)}`;
    default:
      return undefined;
  }
}
