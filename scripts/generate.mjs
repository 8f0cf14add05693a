#!/usr/bin/env node
// Writes the files generated from the JSON Schema of docs.json
// (packages/config/docs.schema.json, the single source of truth of the configuration):
//
//   packages/config/src/generated/docs-config.ts   TypeScript types of what users write
//   docs/reference/configuration.mdx               the configuration reference page
//   packages/config/generated/validate-docs.cjs    the schema compiled ahead of time by ajv, so
//                                                  a valid docs.json is checked without paying
//                                                  for schema compilation at start-up
//
//   node scripts/generate.mjs           write both files
//   node scripts/generate.mjs --check   write nothing; exit 1 naming every stale file
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaPath = 'packages/config/docs.schema.json';
const typesPath = 'packages/config/src/generated/docs-config.ts';
const referencePath = 'docs/reference/configuration.mdx';
const validatorPath = 'packages/config/generated/validate-docs.cjs';

const schema = JSON.parse(readFileSync(join(root, schemaPath), 'utf8'));
const definitions = schema.definitions ?? {};

function definitionName(ref) {
  const prefix = '#/definitions/';
  if (!ref.startsWith(prefix)) throw new Error(`Cannot follow \`${ref}\`: only \`${prefix}<name>\` refs are supported`);
  const name = ref.slice(prefix.length);
  if (!definitions[name]) throw new Error(`Cannot follow \`${ref}\`: no such definition`);
  return name;
}

// ---------------------------------------------------------------------------------------
// TypeScript types

/**
 * json-schema-to-typescript dereferences `{$ref, description}` into a fresh copy of the target
 * (so `HexColor1`, `HexColor2`, … appear). Every ref is therefore replaced by the name of the
 * definition's type, and every definition is emitted once by `unreachableDefinitions`.
 * Defaults are added to the doc comments, since the compiler drops them.
 */
function prepareForTypes(node) {
  if (Array.isArray(node)) return node.map(prepareForTypes);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref') out.tsType = typeName(definitionName(value));
    // Property names and enum values are data, not schemas.
    else if (key === 'properties' || key === 'definitions') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, prepareForTypes(sub)]));
    } else if (key === 'enum' || key === 'default' || key === 'required') out[key] = value;
    else out[key] = prepareForTypes(value);
  }
  if (typeof out.description === 'string' && 'default' in out) {
    out.description += ` (default: \`${JSON.stringify(out.default)}\`)`;
  }
  return out;
}

function typeName(definition) {
  const title = definitions[definition].title;
  if (typeof title !== 'string') throw new Error(`Cannot name definition \`${definition}\`: it has no \`title\``);
  return title;
}

async function generateTypes() {
  const banner = [
    '/* eslint-disable */',
    '/**',
    ` * Generated from ${schemaPath} by scripts/generate.mjs. Do not edit:`,
    ' * change the schema and run `node scripts/generate.mjs`.',
    ' *',
    ' * These are the types of what users write in docs.json (input types): optional fields',
    ' * stay optional, defaults are documented but not applied.',
    ' */',
  ].join('\n');
  return compile(prepareForTypes(schema), 'DocsConfig', {
    bannerComment: banner,
    cwd: join(root, 'packages/config'),
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    style: { singleQuote: true, printWidth: 100, trailingComma: 'all' },
  });
}

// ---------------------------------------------------------------------------------------
// Configuration reference (MDX)

const navigationNodes = [
  'group',
  'tab',
  'anchor',
  'dropdown',
  'version',
  'language',
  'product',
  'menuItem',
  'globalNavigation',
];
const sharedTypes = [
  'icon',
  'fontDetails',
  'apiAuth',
  'contextualOption',
  'openapiSource',
  'asyncapiSource',
  'sdkReference',
  'codeTheme',
  'codeThemeName',
];
/** Definitions documented as a top-level field; a ref elsewhere links to that field. */
const topLevelDefinitions = Object.fromEntries(
  Object.entries(schema.properties)
    .filter(([, value]) => value.$ref)
    .map(([key, value]) => [definitionName(value.$ref), key]),
);
/** Enums longer than this are shown as `string` with the values listed in the text. */
const maxInlineEnum = 8;
/** Objects with more fields than this are shown as `object` rather than `{a, b, …}`. */
const maxInlineFields = 4;

function slug(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorOf(definition) {
  if (topLevelDefinitions[definition]) return slug(topLevelDefinitions[definition]);
  if (navigationNodes.includes(definition) || sharedTypes.includes(definition)) return slug(definition);
  return undefined;
}

/** Escapes text for MDX: outside code spans `{}<>|` are escaped; inside, only `|` (tables). */
function escapeText(text, { inTable }) {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => {
      if (index % 2 === 1) return inTable ? part.replace(/\|/g, '\\|') : part;
      return part
        .replace(/[{}]/g, (c) => `\\${c}`)
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\|/g, inTable ? '\\|' : '|');
    })
    .join('');
}

function code(text, context) {
  return `\`${context.inTable ? text.replace(/\|/g, '\\|') : text}\``;
}

function literal(value) {
  return JSON.stringify(value);
}

function objectShape(node) {
  const keys = Object.keys(node.properties ?? {});
  if (keys.length === 0 || keys.length > maxInlineFields) return undefined;
  const required = new Set(node.required ?? []);
  return `{${keys.map((key) => (required.has(key) ? key : `${key}?`)).join(', ')}}`;
}

/**
 * A readable type: code spans joined by escaped pipes, links for documented definitions.
 * `seen` marks definitions already expanded in place, so later mentions link instead.
 */
function typeOf(node, context) {
  if (node.$ref) {
    const definition = definitionName(node.$ref);
    const anchor = anchorOf(definition);
    if (anchor) return `[${code(definition, context)}](#${anchor})`;
    if (definition === 'hexColor') return 'hex colour';
    return typeOf(definitions[definition], context);
  }
  if (node.anyOf) {
    // `anyOf: [{enum: [...]}, {type: string}]` autocompletes the enum yet takes any string:
    // show it as `string` (the values are listed in the text).
    const isOpen = node.anyOf.some(isPlainString);
    const branches = node.anyOf.filter((branch) => !(isOpen && branch.enum));
    const parts = [];
    for (const branch of branches) {
      const part = typeOf(branch, context);
      if (!parts.includes(part)) parts.push(part);
    }
    return parts.join(' \\| ');
  }
  if (node.enum) {
    if (node.enum.length > maxInlineEnum) return code(node.type ?? 'string', context);
    return node.enum.map((value) => code(literal(value), context)).join(' \\| ');
  }
  if (node.type === 'array') {
    const items = node.items ? typeOf(node.items, context) : code('unknown', context);
    if (items.includes(' \\| ')) return `(${items})${code('[]', context)}`;
    // `string` + `[]` reads better as one code span.
    if (/^`[^`]*`$/.test(items)) return `${items.slice(0, -1)}[]\``;
    return `${items}${code('[]', context)}`;
  }
  if (node.type === 'object') {
    const shape = objectShape(node);
    const extra = node.additionalProperties;
    if (extra === true || (extra && typeof extra === 'object')) {
      const value = extra === true || !extra.type ? 'unknown' : typeOf(extra, { ...context, inTable: false }).replace(/`/g, '');
      return code(`Record<string, ${value}>`, context);
    }
    return code(shape ?? 'object', context);
  }
  if (node.type) return code(node.type, context);
  return code('unknown', context);
}

function isPlainString(node) {
  return node.type === 'string' && !node.enum && !node.pattern;
}

/**
 * Values of a long enum, listed in the text because the type column shows `string`.
 * Looks through array items and union branches, not through refs to other definitions.
 */
function enumNote(node) {
  const target = node.type === 'array' && node.items ? node.items : node;
  const enumNode = target.enum ? target : target.anyOf?.find((branch) => branch.enum);
  if (!enumNode || enumNode.enum.length <= maxInlineEnum) return '';
  const label = target.anyOf?.some(isPlainString) ? 'Known values' : 'Accepted values';
  return ` ${label}: ${enumNode.enum.map((value) => `\`${value}\``).join(', ')}.`;
}

function defaultOf(node, context) {
  return 'default' in node ? code(literal(node.default), context) : '';
}

/** Object schemas whose fields are listed below a field: its own, its union branches', its items'. */
function fieldHolders(node, seen) {
  if (node.$ref) {
    const definition = definitionName(node.$ref);
    if (anchorOf(definition) || seen.has(definition)) return [];
    seen.add(definition);
    return fieldHolders(definitions[definition], seen).map((holder) => ({ ...holder }));
  }
  if (node.anyOf) return node.anyOf.flatMap((branch) => fieldHolders(branch, seen));
  if (node.type === 'array' && node.items) {
    return fieldHolders(node.items, seen).map((holder) => ({ ...holder, suffix: `[]${holder.suffix}` }));
  }
  if (node.type === 'object' && node.properties) return [{ node, suffix: '' }];
  return [];
}

function rows(node, prefix, seen) {
  const out = [];
  // A field two union branches share (`fonts.heading`) is listed once, as the first describes it.
  const listed = new Set();
  for (const holder of fieldHolders(node, seen)) {
    const required = new Set(holder.node.required ?? []);
    for (const [key, field] of Object.entries(holder.node.properties)) {
      // Below a top-level array, rows read `source` rather than `[].source`.
      const name = prefix ? `${prefix}${holder.suffix}.${key}` : key;
      if (listed.has(name)) continue;
      listed.add(name);
      out.push(row(name, field, required.has(key)));
      out.push(...rows(field, name, seen));
    }
  }
  return out;
}

function row(name, field, isRequired) {
  const context = { inTable: true };
  const description = `${isRequired ? '**Required.** ' : ''}${field.description ?? ''}${enumNote(field)}`;
  return `| ${code(name, context)} | ${typeOf(field, context)} | ${defaultOf(field, context)} | ${escapeText(description, context)} |`;
}

function table(node, seen) {
  const body = rows(node, '', seen);
  if (body.length === 0) return [];
  return ['| Field | Type | Default | Description |', '|---|---|---|---|', ...body, ''];
}

/** `isRequired` is `undefined` for definitions, which are neither required nor optional. */
function summary(node, isRequired) {
  const context = { inTable: false };
  const parts = [`**Type:** ${typeOf(node, context)}`];
  if ('default' in node) parts.push(`**Default:** ${defaultOf(node, context)}`);
  if (isRequired !== undefined) parts.push(isRequired ? '**Required.**' : '**Optional.**');
  return parts.join(' · ');
}

/**
 * One heading per field or definition. A top-level field that refers to a definition
 * documented right here (`navbar`, `footer`, …) shows the definition's own shape.
 */
function section(level, name, node, isRequired) {
  const definition = node.$ref ? definitionName(node.$ref) : undefined;
  const shape = definition && topLevelDefinitions[definition] === name ? definitions[definition] : node;
  const lines = [`${'#'.repeat(level)} \`${name}\``, ''];
  if (node.description) lines.push(escapeText(`${node.description}${enumNote(node)}`, { inTable: false }), '');
  lines.push(summary(shape, isRequired), '');
  lines.push(...table(shape, new Set()));
  return lines;
}

function generateReference() {
  const required = new Set(schema.required ?? []);
  const lines = [
    '---',
    'title: Configuration reference',
    'description: Every field of docs.json, the configuration file of a docsgen site, with its type, default and meaning.',
    '---',
    '',
    '<Note>',
    `This page is generated from the JSON Schema of \`docs.json\` (\`${schemaPath}\`, published at ${schema.$id}) by \`scripts/generate.mjs\`. Edit the schema, not this page.`,
    '</Note>',
    '',
    escapeText(schema.description, { inTable: false }),
    '',
    'Point your editor at the schema for autocomplete and validation:',
    '',
    '```json docs.json',
    JSON.stringify({ $schema: schema.$id, name: 'My docs', navigation: { pages: ['index'] } }, null, 2),
    '```',
    '',
  ];
  for (const [key, field] of Object.entries(schema.properties)) {
    lines.push(...section(2, key, field, required.has(key)));
  }
  lines.push(
    '## Navigation nodes',
    '',
    'The elements of `navigation`. Every division (tab, anchor, dropdown, version, language, product, menu item) may hold pages, groups and any other division; unknown keys are reported as warnings.',
    '',
  );
  for (const name of navigationNodes) lines.push(...section(3, name, definitions[name], undefined));
  lines.push('## Shared types', '', 'Value shapes used by several fields.', '');
  for (const name of sharedTypes) lines.push(...section(3, name, definitions[name], undefined));
  return lines.join('\n').replace(/\n+$/, '\n');
}

// ---------------------------------------------------------------------------------------
// Ahead-of-time validator

/**
 * ajv's standalone code for the schema, with the options `validateConfig` compiles with, so
 * both accept exactly the same documents. A CommonJS module (it `require`s ajv's small runtime
 * helpers): `validateConfig` loads it with `require` the first time it checks a docs.json, so a
 * run that takes the checked docs.json from its cache never compiles its 700 KB.
 */
function generateValidator() {
  const requireFromConfig = createRequire(join(root, 'packages/config/package.json'));
  const { Ajv } = requireFromConfig('ajv');
  const standaloneCode = requireFromConfig('ajv/dist/standalone').default;
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, logger: false, code: { source: true } });
  ajv.addSchema(schema);
  const code = standaloneCode(ajv, { validate: schema.$id });
  return '// Generated by scripts/generate.mjs from packages/config/docs.schema.json. Do not edit.\n' + code + '\n';
}

// ---------------------------------------------------------------------------------------

const outputs = [
  [typesPath, await generateTypes()],
  [referencePath, generateReference()],
  [validatorPath, generateValidator()],
];

if (process.argv.includes('--check')) {
  const stale = outputs.filter(([path, text]) => {
    try {
      return readFileSync(join(root, path), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [path] of stale) console.error(`generate: ${path} is stale; run \`node scripts/generate.mjs\``);
  process.exitCode = stale.length > 0 ? 1 : 0;
} else {
  for (const [path, text] of outputs) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    console.log(`generate: wrote ${path}`);
  }
}
