/** @jsxRuntime automatic @jsxImportSource preact */
import type { SchemaModel } from '@docsgen/openapi-pages';
import type { ComponentChildren } from 'preact';
import { valueText } from './schema-text.js';

/** The type as shown: `string<uuid>`, `array of User`, `integer | null`, `Card | Transfer`. */
export function typeText(schema: SchemaModel, depth = 0): string {
  if (schema.variants) return schema.typeLabel;
  const nonNull = schema.types.filter((type) => type !== 'null');
  const nullable = schema.isNullable && schema.typeLabel !== 'null' ? ' | null' : '';
  if (nonNull.length === 1 && nonNull[0] === 'array') {
    // Items may lead back to the array (`List: {items: List}`): a few levels, then the label.
    const inner = schema.items ? (depth < 3 && schema.items !== schema ? typeText(schema.items, depth + 1) : schema.items.typeLabel) : 'any';
    return `array of ${inner.includes(' | ') ? `(${inner})` : inner}${nullable}`;
  }
  if (schema.format && nonNull.length === 1 && nonNull[0] !== 'object') return `${nonNull[0]}<${schema.format}>${nullable}`;
  return schema.typeLabel;
}

const constraintLabels: Record<string, string> = {
  minimum: '≥',
  maximum: '≤',
  exclusiveMinimum: '>',
  exclusiveMaximum: '<',
  multipleOf: 'multiple of',
  minLength: 'min length',
  maxLength: 'max length',
  pattern: 'pattern',
  minItems: 'min items',
  maxItems: 'max items',
  uniqueItems: 'unique items',
  minProperties: 'min properties',
  maxProperties: 'max properties',
};

function constraintTexts(constraints: Record<string, unknown> | undefined): string[] {
  if (!constraints) return [];
  const texts: string[] = [];
  for (const [key, value] of Object.entries(constraints)) {
    const label = constraintLabels[key] ?? key;
    if (key === 'uniqueItems') {
      if (value === true) texts.push(label);
    } else texts.push(`${label} ${valueText(value)}`);
  }
  return texts;
}

function Codes(props: { values: string[] }) {
  return (
    <>
      {props.values.map((value, index) => (
        <>
          {index > 0 && ', '}
          <code>{value}</code>
        </>
      ))}
    </>
  );
}

/** Objects and arrays as examples are shown only when short: the examples section has the full body. */
const maxInlineExample = 80;

/** Enum, const, constraints, example, discriminator and extra keys: one line each. */
export function schemaFacts(schema: SchemaModel, fallbackExample: { value: unknown } | undefined): ComponentChildren[] {
  const facts: ComponentChildren[] = [];
  if (schema.enum && schema.enum.length > 0) {
    facts.push(
      <>
        Allowed values: <Codes values={schema.enum.map(valueText)} />
      </>,
    );
  }
  if (schema.const !== undefined) {
    facts.push(
      <>
        Value: <code>{valueText(schema.const)}</code>
      </>,
    );
  }
  const constraints = constraintTexts(schema.constraints);
  if (constraints.length > 0) {
    facts.push(
      <>
        Constraints: <Codes values={constraints} />
      </>,
    );
  }
  if (schema.discriminator) {
    const { propertyName, mapping } = schema.discriminator;
    facts.push(
      <>
        Discriminator: <code>{propertyName}</code>
        {mapping.length > 0 && ' ('}
        {mapping.map((entry, index) => (
          <>
            {index > 0 && ', '}
            <code>{entry.value}</code> → {entry.label}
          </>
        ))}
        {mapping.length > 0 && ')'}
      </>,
    );
  }
  if (schema.additionalProperties === false) facts.push('No other properties allowed.');
  const example = schema.example ?? fallbackExample;
  if (example !== undefined) {
    const text = valueText(example.value);
    if (text.length <= maxInlineExample) {
      facts.push(
        <>
          Example: <code>{text}</code>
        </>,
      );
    }
  }
  return facts;
}

/** The facts of a schema (`schemaFacts`), one `<p>` each. */
export function SchemaFacts(props: { schema: SchemaModel; example?: { value: unknown } | undefined }) {
  const facts = schemaFacts(props.schema, props.example);
  return (
    <>
      {facts.map((fact) => (
        <p class="dg-api-fact">{fact}</p>
      ))}
    </>
  );
}
