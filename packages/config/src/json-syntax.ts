import { findLineStarts, placeOfOffset } from '@docsgen/util/line-index';
import { printParseErrorCode, type ParseError } from 'jsonc-parser';
import { createMessage, type DocsgenMessage, type SourceLocation } from './message.js';

/** Offset of the first `[` or `{` that crosses `limit`, skipping strings and comments. */
export function findDepthOverflow(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) index++;
        else if (inner === 0x22 || inner === 0x0a) break;
      }
    } else if (char === 0x2f /* / */ && text.charCodeAt(index + 1) === 0x2f) {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
    } else if (char === 0x2f && text.charCodeAt(index + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 1;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > limit) return index;
    } else if ((char === 0x5d /* ] */ || char === 0x7d) /* } */ && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

export type PlaceFinder = (offset: number) => SourceLocation;

/** Turns offsets into 1-based line and column (columns count UTF-16 code units). */
export function createPositionFinder(text: string, file: string): PlaceFinder {
  const lineStarts = findLineStarts(text);
  return (offset) => ({ file, ...placeOfOffset(lineStarts, offset) });
}

/** Errors after which jsonc-parser goes on reading the rest of the file correctly. */
export const recoverable = new Set([
  'CommaExpected',
  'ColonExpected',
  'InvalidCommentToken',
  'InvalidNumberFormat',
  'InvalidUnicode',
  'InvalidEscapeCharacter',
  'InvalidCharacter',
]);

const expectations: Record<string, string> = {
  InvalidSymbol: 'a value',
  ValueExpected: 'a value',
  PropertyNameExpected: 'a key in double quotes',
  ColonExpected: '`:`',
  CloseBraceExpected: '`,` or `}`',
  CloseBracketExpected: '`,` or `]`',
  EndOfFileExpected: 'the end of the file',
  InvalidNumberFormat: 'a number',
};

const problems: Record<string, string> = {
  CommaExpected: 'missing comma',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character in string',
  InvalidCharacter: 'control characters such as line breaks and tabs must be escaped in strings',
};

export function describeSyntaxError(text: string, error: ParseError, label: string, toPlace: PlaceFinder): DocsgenMessage {
  const code = printParseErrorCode(error.error);
  const token = text.slice(error.offset, error.offset + Math.max(error.length, 1));
  const shown = error.offset >= text.length ? 'end of file' : `\`${truncate(token)}\``;

  // jsonc-parser reports a trailing comma as a missing key or value at the closing bracket.
  if ((token === '}' || token === ']') && (code === 'PropertyNameExpected' || code === 'ValueExpected')) {
    const comma = text.slice(0, error.offset).trimEnd();
    if (comma.endsWith(',')) {
      return createMessage({
        reason: `Cannot parse \`${label}\`: trailing comma before \`${token}\``,
        ruleId: 'json-syntax',
        note: 'Remove the comma: JSON does not allow trailing commas.',
        actual: ',',
        ...toPlace(comma.length - 1),
      });
    }
  }

  // A bare word followed by `:` is an unquoted key.
  const isKey = code === 'InvalidSymbol' && /^\s*:/.test(text.slice(error.offset + error.length));
  const expected = isKey ? expectations.PropertyNameExpected : expectations[code];
  const reason = expected
    ? `Unexpected ${shown} in \`${label}\`, expected ${expected}`
    : `Cannot parse \`${label}\`: ${problems[code] ?? code}`;
  return createMessage({ reason, ruleId: 'json-syntax', actual: token || undefined, ...toPlace(error.offset) });
}

function truncate(value: string): string {
  const line = value.split(/\r?\n/, 1)[0] ?? '';
  return line.length > 30 ? `${line.slice(0, 29)}…` : line;
}
