import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { inferTypes, readSchemaAnnotations, schemaDialectOf, type SchemaDialect } from '../src/schema-fields.js';
import type { SchemaModel } from '../src/schema-model.js';

const test = suite('schema fields');

const openapi31: SchemaDialect = { isSwagger: false, hasBooleanExclusive: false };
const swagger: SchemaDialect = { isSwagger: true, hasBooleanExclusive: true };

test('should tell the dialects apart by version', () => {
  assert.equal(schemaDialectOf({ kind: 'openapi', version: '3.1.0', value: { openapi: '3.1.0' } }), openapi31);
  assert.equal(schemaDialectOf({ kind: 'openapi', version: '3.0.3', value: { openapi: '3.0.3' } }), { isSwagger: false, hasBooleanExclusive: true });
  assert.equal(schemaDialectOf({ kind: 'openapi', version: '2.0', value: { swagger: '2.0' } }), swagger);
  assert.equal(schemaDialectOf({ kind: 'asyncapi', version: '3.0.0', value: { asyncapi: '3.0.0' } }), openapi31);
});

test('should read what a schema says about its own values, in its dialect', () => {
  const swaggerFile = readSchemaAnnotations({ type: 'file', 'x-nullable': true, description: '', examples: [1, 2] }, swagger);
  assert.equal(swaggerFile.types, ['string', 'null']);
  assert.is(swaggerFile.format, 'binary');
  assert.ok(swaggerFile.isNullable);
  assert.is(swaggerFile.description, undefined, 'an empty description is none');
  assert.equal(swaggerFile.example, { value: 1 });
  // Elsewhere `type: file` is a type name like any other.
  const other = readSchemaAnnotations({ type: 'file', 'x-nullable': true, example: null, default: null }, openapi31);
  assert.equal(other.types, ['file', 'null'], 'x-nullable is read in every dialect');
  assert.is(other.format, undefined);
  assert.equal(other.example, { value: null });
  assert.equal(other.default, { value: null });
  assert.equal(readSchemaAnnotations({ type: ['integer', 'null'], minimum: 1, exclusiveMinimum: true }, swagger).constraints, { exclusiveMinimum: 1 });
  assert.equal(readSchemaAnnotations({ type: 'integer', exclusiveMinimum: 1 }, openapi31).constraints, { exclusiveMinimum: 1 });
});

test('should keep the field order of schema files', () => {
  const fields = readSchemaAnnotations({ type: 'file', title: 'T', description: 'D', format: 'x', enum: ['a'], const: 'a', default: 'a', example: 'a', maxLength: 3 }, swagger);
  assert.equal(Object.keys(fields), ['types', 'isNullable', 'isReadOnly', 'isWriteOnly', 'isDeprecated', 'format', 'title', 'description', 'enum', 'const', 'default', 'example', 'constraints']);
});

test('should infer the types of a schema that names none from what it holds', () => {
  const model = (fields: Partial<SchemaModel>): SchemaModel => ({ id: '0', types: [], typeLabel: 'any', isNullable: false, isReadOnly: false, isWriteOnly: false, isDeprecated: false, ...fields });
  assert.equal(inferTypes(model({ properties: [] })), ['object']);
  assert.equal(inferTypes(model({ additionalProperties: false })), ['object']);
  assert.equal(inferTypes(model({ items: model({}) })), ['array']);
  assert.equal(inferTypes(model({ const: 1.5 })), ['number']);
  assert.equal(inferTypes(model({ enum: [1, 2, 'a', null] })), ['integer', 'string', 'null']);
  assert.equal(inferTypes(model({})), []);
});

test.run();
