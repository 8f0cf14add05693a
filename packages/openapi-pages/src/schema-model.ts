import type { LoadedSpec } from './load-spec.js';
import { isRecord } from './pointer.js';
import { inferTypes, mergeAllOf, readDiscriminator, readSchemaAnnotations, refName, schemaDialectOf, typeLabelOf, variantLabel, type SchemaDialect } from './schema-fields.js';

/** One property of an object schema. */
export interface PropertyModel {
  name: string;
  isRequired: boolean;
  schema: SchemaModel;
}

/** One alternative of a `oneOf` / `anyOf`. */
export interface VariantModel {
  /** The variant's `title`, else its component name, else its type, else `Option N`. */
  label: string;
  schema: SchemaModel;
}

/**
 * A schema made ready for display: references followed, `allOf` merged, dialects unified.
 *
 * Models form a graph: each schema object of a spec is normalised once (`id`), and a property,
 * item or variant holds the very model of the schema it refers to. A cycle of `$ref`s is a cycle
 * of models, so walking a model must guard against repeats (`id` on the current path) or stop
 * at a depth: nothing here is ever expanded.
 */
export interface SchemaModel {
  /** The node's id in its spec's graph: unique among the models of one normaliser, the same on every run over the same spec. */
  id: string;
  /** JSON types, `null` included when nullable; empty for "any". */
  types: string[];
  /** Short type for display: `string`, `User`, `integer[]`, `string | null`, `Card | Transfer`. */
  typeLabel: string;
  /** Name of the component it came from (`User` for `#/components/schemas/User`). */
  refName?: string | undefined;
  title?: string | undefined;
  /** Markdown of the description (untrusted: render with `renderSpecMarkdown`). */
  description?: string | undefined;
  format?: string | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  /** Present when the schema has a default (which may itself be `null`). */
  default?: { value: unknown } | undefined;
  /** First example given by the spec (`example`, or the first of `examples`). */
  example?: { value: unknown } | undefined;
  isNullable: boolean;
  isReadOnly: boolean;
  isWriteOnly: boolean;
  isDeprecated: boolean;
  /** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength`, `pattern`, `minItems`, `maxItems`, `uniqueItems`, `minProperties`, `maxProperties`. */
  constraints?: Record<string, unknown> | undefined;
  properties?: PropertyModel[] | undefined;
  /** `true`/`false` as written, or the schema of the extra values. */
  additionalProperties?: SchemaModel | boolean | undefined;
  items?: SchemaModel | undefined;
  /** Switchable alternatives. */
  variants?: { kind: 'oneOf' | 'anyOf'; options: VariantModel[] } | undefined;
  discriminator?: { propertyName: string; mapping: { value: string; label: string }[] } | undefined;
}

export { refName } from './schema-fields.js';

/** Turns raw schemas of one loaded spec into `SchemaModel`s, each schema object once. */
export interface SchemaNormalizer {
  /** Normalises the schema found in `file` (relative `$ref`s resolve against that file). */
  normalize(schema: unknown, file: string): SchemaModel;
  /** Every model made so far, in the order they were made. */
  models(): readonly SchemaModel[];
}

/**
 * Creates the normaliser of one spec. Each schema object (a location in a file) becomes one
 * model, made the first time it is reached and shared after: a `$ref` gives the model of its
 * target, so a schema used by a hundred operations is normalised once and a cycle is a cycle of
 * references. Time and memory are linear in the size of the spec.
 */
export function createSchemaNormalizer(spec: LoadedSpec): SchemaNormalizer {
  return new SchemaGraph(spec);
}

/**
 * The models of one spec's schemas and the work left to complete them. Each schema object (its
 * location) maps to its model; a model is registered before its children are read, so a child
 * that leads back to it gets the same object. Past `maxNesting` nested calls a schema is
 * registered and filled later, from the top (`normalize` finishes that work before it returns),
 * so a chain of thousands of schemas (`S1.next: S2`, …) never overflows the stack.
 */
class SchemaGraph implements SchemaNormalizer {
  private readonly dialect: SchemaDialect;
  private readonly byObject = new Map<object, SchemaModel>();
  private readonly made: SchemaModel[] = [];
  /** `$ref` objects being followed: one met again is a chain of `$ref`s that leads back to itself. */
  private readonly following = new Set<object>();
  private readonly shared = { any: undefined as SchemaModel | undefined, never: undefined as SchemaModel | undefined };
  private nesting = 0;
  /** Schemas registered past `maxNesting`, to be filled from the top. */
  private readonly deferred: Array<{ model: SchemaModel; schema: Record<string, unknown>; file: string }> = [];
  private readonly unfilled = new Set<SchemaModel>();
  /** `allOf`s merged while a part was still unfilled: merged again once every part is. */
  private readonly remerge: Array<{ model: SchemaModel; parts: SchemaModel[] }> = [];
  /** `$ref`s with sibling keywords, completed once the outermost call is done (their target may be in progress). */
  private pendingSiblings: Array<{ model: SchemaModel; target: SchemaModel; local: SchemaModel }> = [];

  constructor(private readonly spec: LoadedSpec) {
    this.dialect = schemaDialectOf(spec);
  }

  normalize(schema: unknown, file: string): SchemaModel {
    const model = this.reach(schema, file);
    this.fillDeferred();
    this.mergeAgain();
    this.completeRefSiblings();
    return model;
  }

  models(): readonly SchemaModel[] {
    return this.made;
  }

  private create(fields?: Partial<SchemaModel>): SchemaModel {
    const model: SchemaModel = { id: this.made.length.toString(36), ...emptyFields(), ...fields };
    this.made.push(model);
    return model;
  }

  /** The model of `schema`: the shared "any" or "never", the one made before, or a new one. */
  private reach(schema: unknown, file: string, name?: string): SchemaModel {
    if (schema === true || schema === undefined || (!isRecord(schema) && schema !== false)) return (this.shared.any ??= this.create());
    if (schema === false) return (this.shared.never ??= this.create({ typeLabel: 'never' }));
    const known = this.byObject.get(schema);
    if (known) return known;
    if (typeof schema.$ref === 'string') return this.followRef(schema, schema.$ref, file);

    const model = this.create(name ? { refName: name, typeLabel: name } : undefined);
    this.byObject.set(schema, model);
    if (this.nesting >= maxNesting) {
      this.deferred.push({ model, schema, file });
      this.unfilled.add(model);
      return model;
    }
    this.nesting++;
    try {
      this.fill(model, schema, file);
    } finally {
      this.nesting--;
    }
    return model;
  }

  /** The model of a `$ref`: its target's, or a copy with the keywords written beside it. */
  private followRef(schema: Record<string, unknown>, ref: string, file: string): SchemaModel {
    const target = this.spec.resolveRef(file, ref);
    const targetName = refName(ref);
    if (!target || this.following.has(schema)) {
      // Broken, or a chain of `$ref`s that leads back to itself without a schema in between.
      const broken = this.create({ typeLabel: targetName ?? 'unknown', refName: targetName });
      this.byObject.set(schema, broken);
      return broken;
    }
    this.following.add(schema);
    this.nesting++;
    let targetModel: SchemaModel;
    try {
      // A chain of `$ref`s to `$ref`s this long is not a schema anyone wrote by hand.
      targetModel =
        this.nesting > maxNesting * 4 ? this.create({ typeLabel: targetName ?? 'unknown', refName: targetName }) : this.reach(target.value, target.file, targetName);
    } finally {
      this.nesting--;
      this.following.delete(schema);
    }
    // 3.1 allows keywords beside `$ref` (a description, mostly): they win over the target's.
    const siblings = Object.keys(schema).filter((key) => key !== '$ref');
    if (siblings.length === 0) {
      this.byObject.set(schema, targetModel);
      return targetModel;
    }
    const model = this.create({ ...targetModel, id: this.made.length.toString(36) });
    this.byObject.set(schema, model);
    const local = this.reach(Object.fromEntries(siblings.map((key) => [key, schema[key]])), file);
    this.pendingSiblings.push({ model, target: targetModel, local });
    Object.assign(model, definedOnly(local, overridingKeys));
    return model;
  }

  private fill(model: SchemaModel, schema: Record<string, unknown>, file: string): void {
    // The types are set once the children are read, as a child that leads back here expects.
    const { types, ...annotations } = readSchemaAnnotations(schema, this.dialect);
    Object.assign(model, annotations);
    this.readChildren(model, schema, file);
    if (isRecord(schema.discriminator) && typeof schema.discriminator.propertyName === 'string') {
      model.discriminator = readDiscriminator(schema.discriminator, model);
    }
    model.types = types.length > 0 ? types : inferTypes(model);
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      // A part still being made (an `allOf` that leads back to itself) adds what it has so far.
      const parts = schema.allOf.map((part) => this.reach(part, file)).filter((part) => part !== model);
      mergeAllOf(model, parts);
      if (parts.some((part) => this.unfilled.has(part))) this.remerge.push({ model, parts });
    }
    model.typeLabel = typeLabelOf(model);
  }

  /** Properties, extra properties, items and `oneOf` / `anyOf` variants. */
  private readChildren(model: SchemaModel, schema: Record<string, unknown>, file: string): void {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((v): v is string => typeof v === 'string') : []);
    if (isRecord(schema.properties)) {
      model.properties = Object.entries(schema.properties).map(([name, property]) => ({
        name,
        isRequired: required.has(name),
        schema: this.reach(property, file),
      }));
    }
    if (typeof schema.additionalProperties === 'boolean') model.additionalProperties = schema.additionalProperties;
    else if (isRecord(schema.additionalProperties)) model.additionalProperties = this.reach(schema.additionalProperties, file);
    if (isRecord(schema.items)) model.items = this.reach(schema.items, file);
    else if (Array.isArray(schema.prefixItems) && schema.prefixItems.length > 0) model.items = this.reach(schema.prefixItems[0], file);

    for (const kind of ['oneOf', 'anyOf'] as const) {
      const list = schema[kind];
      if (!Array.isArray(list) || list.length === 0 || model.variants) continue;
      model.variants = {
        kind,
        options: list.map((option, index) => {
          const optionModel = this.reach(option, file);
          return { label: variantLabel(optionModel, index), schema: optionModel };
        }),
      };
    }
  }

  private fillDeferred(): void {
    while (this.deferred.length > 0) {
      const next = this.deferred.pop() as (typeof this.deferred)[number];
      this.unfilled.delete(next.model);
      this.fill(next.model, next.schema, next.file);
    }
  }

  private mergeAgain(): void {
    for (let index = this.remerge.length - 1; index >= 0; index--) {
      const { model, parts } = this.remerge[index] as (typeof this.remerge)[number];
      mergeAllOf(model, parts);
      model.typeLabel = typeLabelOf(model);
    }
    this.remerge.length = 0;
  }

  /** Every target is complete now: a `$ref` with siblings takes its target's final fields. */
  private completeRefSiblings(): void {
    const list = this.pendingSiblings;
    this.pendingSiblings = [];
    for (const { model, target, local } of list) Object.assign(model, { ...target, id: model.id }, definedOnly(local, overridingKeys));
  }
}

/** Nested calls made before a schema is left to be filled from the top (see `SchemaGraph`). */
const maxNesting = 200;

/** Keywords beside a `$ref` that override the target's. */
const overridingKeys: (keyof SchemaModel)[] = ['title', 'description', 'default', 'example', 'isDeprecated', 'isReadOnly', 'isWriteOnly'];

function emptyFields(): Omit<SchemaModel, 'id'> {
  return { types: [], typeLabel: 'any', isNullable: false, isReadOnly: false, isWriteOnly: false, isDeprecated: false };
}

function definedOnly(model: SchemaModel, keys: (keyof SchemaModel)[]): Partial<SchemaModel> {
  const out: Partial<SchemaModel> = {};
  for (const key of keys) {
    const value = model[key];
    if (value !== undefined && value !== false) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
