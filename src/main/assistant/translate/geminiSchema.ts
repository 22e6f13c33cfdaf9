/**
 * JSON Schema (as MCP servers publish it) → the Gemini `Schema` object used in
 * `functionDeclarations[].parameters`.
 *
 * Gemini accepts only a subset of OpenAPI 3.0 and answers 400 "Unknown name ..."
 * or "... should be non-empty for OBJECT type" for the rest. Newer models accept
 * a few more keywords (title, default, pattern, minLength ...), older ones do not;
 * we target the subset every current Gemini model accepts, as an allowlist, so
 * a keyword we never heard of cannot reach the API either.
 *
 * Kept (GEMINI_SCHEMA_KEYWORDS):
 *   type, format (filtered), description, nullable, enum, items, properties,
 *   required, minItems, maxItems, minimum, maximum, anyOf
 *
 * Rewritten:
 *   type: ["string","null"]   → type "string" + nullable: true
 *   type: ["string","number"] → anyOf [{type:"string"},{type:"number"}]
 *   $ref (#/$defs/X, #/definitions/X, #) → inlined; a ref already expanded
 *                               `maxRefRepeats` times on the current path is cut to
 *                               {type, description} so recursive schemas terminate;
 *                               after `maxRefExpansions` in total every ref is cut,
 *                               so mutually referring definitions cannot blow up
 *   allOf                     → merged into the parent (properties and required unioned)
 *   oneOf                     → anyOf; a {type:"null"} branch → nullable: true;
 *                               a single remaining branch is flattened into the parent
 *   const "x"                 → enum ["x"]
 *   enum of strings           → enum + format "enum"; a null member → nullable
 *   enum of numbers/booleans  → dropped (Gemini enums are string-only) and listed in
 *                               the description as "Allowed values: 1, 2, 3."
 *   exclusiveMinimum/Maximum  → minimum/maximum (+1/−1 for integers; for numbers the
 *                               bound becomes inclusive, the closest Gemini can say).
 *                               Draft-4 boolean form adjusts minimum/maximum likewise.
 *   title                     → description, when there is no description
 *   format                    → kept only where Gemini gives it meaning:
 *                               string: enum, date-time; number: float, double;
 *                               integer: int32, int64
 *   object without properties → {type:"object"} (no empty `properties`, which is rejected)
 *
 * Dropped (GEMINI_DROPPED_KEYWORDS lists the usual ones; anything not kept is dropped):
 *   $schema, $id, $defs, definitions, $comment, additionalProperties,
 *   patternProperties, propertyNames, unevaluatedProperties, dependentRequired,
 *   default, examples, title, pattern, minLength, maxLength, multipleOf,
 *   uniqueItems, contains, not, if/then/else, readOnly, writeOnly, deprecated,
 *   contentEncoding, contentMediaType, minProperties, maxProperties
 */

import type { JsonSchema } from './toolSpecs';

export type GeminiSchema = {
  type?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: GeminiSchema[];
};

export const GEMINI_SCHEMA_KEYWORDS = [
  'type',
  'format',
  'description',
  'nullable',
  'enum',
  'items',
  'properties',
  'required',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
] as const;

export const GEMINI_DROPPED_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  '$comment',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'dependentRequired',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'const',
  'default',
  'examples',
  'title',
  'pattern',
  'minLength',
  'maxLength',
  'multipleOf',
  'uniqueItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'oneOf',
  'allOf',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentEncoding',
  'contentMediaType',
  'minProperties',
  'maxProperties',
] as const;

const ALLOWED_FORMATS: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

export interface GeminiSchemaOptions {
  /** How often one $ref may be expanded inside itself before it is cut. Default 2. */
  maxRefRepeats?: number;
  /** $ref expansions for the whole schema; later refs are cut. Default 200. */
  maxRefExpansions?: number;
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Context {
  root: JsonSchema;
  refPath: string[];
  maxRefRepeats: number;
  /** Shared by the whole conversion: bounds the output of schemas whose refs fan out. */
  budget: { refExpansionsLeft: number };
}

export function toGeminiSchema(schema: JsonSchema, options: GeminiSchemaOptions = {}): GeminiSchema {
  return convert(schema, {
    root: schema,
    refPath: [],
    maxRefRepeats: options.maxRefRepeats ?? 2,
    budget: { refExpansionsLeft: options.maxRefExpansions ?? 200 },
  });
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (ref === '#') return root;
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!m) return undefined;
  const defs = root[m[1]];
  // JSON Pointer escaping: ~1 is "/", ~0 is "~".
  const name = m[2].replace(/~1/g, '/').replace(/~0/g, '~');
  return isObject(defs) && isObject(defs[name]) ? (defs[name] as JsonSchema) : undefined;
}

/** Replace $ref (possibly chained) with its target, merging sibling keywords over it. */
function expandRef(node: JsonSchema, ctx: Context): { node: JsonSchema; ctx: Context } | { cut: GeminiSchema } {
  let current = node;
  let refPath = ctx.refPath;
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    const target = resolveRef(ref, ctx.root);
    const { $ref: _ignored, ...siblings } = current;
    if (!target) {
      // External or unsupported ref: nothing to inline; keep what the node says.
      current = siblings;
      break;
    }
    if (refPath.filter((r) => r === ref).length >= ctx.maxRefRepeats || ctx.budget.refExpansionsLeft <= 0) {
      const type = typeof target.type === 'string' ? target.type : 'object';
      const described =
        (typeof siblings.description === 'string' && siblings.description) ||
        (typeof target.description === 'string' && target.description);
      const description = described
        ? `${described} (recursive structure, nesting limit reached)`
        : 'Recursive structure, nesting limit reached.';
      return { cut: { type, description } };
    }
    ctx.budget.refExpansionsLeft--;
    refPath = [...refPath, ref];
    current = { ...target, ...siblings };
  }
  return { node: current, ctx: { ...ctx, refPath } };
}

/**
 * allOf → one schema: properties and required are unioned, other keywords: later
 * wins. Refs expanded inside the parts count on the path of the merged node, so
 * recursion through `allOf: [{$ref}]` (as zod emits it) is cut at the same depth.
 */
function mergeAllOf(node: JsonSchema, ctx: Context): { node: JsonSchema; ctx: Context } {
  if (!Array.isArray(node.allOf)) return { node, ctx };
  const { allOf, ...rest } = node;
  let merged: JsonSchema = {};
  let refPath = ctx.refPath;
  for (const part of [...(allOf as unknown[]), rest]) {
    if (!isObject(part)) continue;
    const expanded = expandRef(part, ctx);
    let p: JsonSchema;
    if ('cut' in expanded) p = expanded.cut as JsonSchema;
    else {
      const inner = mergeAllOf(expanded.node, expanded.ctx);
      p = inner.node;
      refPath = [...refPath, ...inner.ctx.refPath.slice(ctx.refPath.length)];
    }
    const properties = { ...(isObject(merged.properties) ? merged.properties : {}), ...(isObject(p.properties) ? p.properties : {}) };
    const required = [
      ...new Set([
        ...(Array.isArray(merged.required) ? merged.required : []),
        ...(Array.isArray(p.required) ? p.required : []),
      ]),
    ];
    merged = { ...merged, ...p };
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
  }
  return { node: merged, ctx: { ...ctx, refPath } };
}

function convert(input: JsonSchema, outerCtx: Context): GeminiSchema {
  const expanded = expandRef(input, outerCtx);
  if ('cut' in expanded) return expanded.cut;
  const { node, ctx } = mergeAllOf(expanded.node, expanded.ctx);
  const out: GeminiSchema = {};
  let nullable = node.nullable === true;

  const types = typeOf(node);
  const { type: baseType, typeUnion } = types;
  if (types.nullable) nullable = true;
  const choices = enumOf(node, baseType, typeUnion);
  const type = choices.type;
  if (choices.nullable) nullable = true;
  if (choices.enum) out.enum = choices.enum;
  const enumNote = choices.note;

  // --- union keywords (oneOf → anyOf) ---
  const union = unionBranches(node, ctx);
  if (union.nullable) nullable = true;
  const converted = union.converted;
  if (typeUnion) for (const t of typeUnion) converted.push({ type: t });

  if (type) out.type = type;
  const format = typeof node.format === 'string' ? node.format : undefined;
  if (format && type && ALLOWED_FORMATS[type]?.includes(format)) out.format = format;
  if (out.enum) out.format = 'enum'; // how Gemini marks an enum

  const description =
    typeof node.description === 'string' ? node.description : typeof node.title === 'string' ? node.title : undefined;
  const fullDescription = [description, enumNote].filter(Boolean).join(' ');
  if (fullDescription) out.description = fullDescription;

  // --- numbers ---
  const { minimum, maximum } = numericBounds(node, type);
  if (minimum !== undefined) out.minimum = minimum;
  if (maximum !== undefined) out.maximum = maximum;

  // --- arrays ---
  if (isObject(node.items)) out.items = convert(node.items, ctx);
  else if (type === 'array') out.items = { type: 'string' }; // Gemini requires items for ARRAY
  if (typeof node.minItems === 'number') out.minItems = node.minItems;
  if (typeof node.maxItems === 'number') out.maxItems = node.maxItems;

  // --- objects ---
  if (isObject(node.properties) && Object.keys(node.properties).length > 0) {
    // fromEntries keeps a property literally named "__proto__" as data.
    const properties: Record<string, GeminiSchema> = Object.fromEntries(
      Object.entries(node.properties).map(([name, sub]) => [name, isObject(sub) ? convert(sub, ctx) : { type: 'string' }]),
    );
    out.properties = properties;
    if (!out.type && !typeUnion) out.type = 'object';
    const required = Array.isArray(node.required)
      ? (node.required as unknown[]).filter((r): r is string => typeof r === 'string' && Object.hasOwn(properties, r))
      : [];
    if (required.length > 0) out.required = required;
  }

  if (converted.length === 1 && !out.type && !out.enum) {
    // A single remaining branch (typically `anyOf: [X, {type:null}]`): flatten into the parent.
    const [only] = converted;
    const parentDescription = out.description;
    Object.assign(out, only);
    if (parentDescription) out.description = parentDescription;
  } else if (converted.length > 0) {
    out.anyOf = converted;
  }

  if (nullable) out.nullable = true;
  return out;
}

/** anyOf and oneOf branches, converted (Gemini has anyOf only); a `{type: null}` branch or a nullable one makes the parent nullable. */
function unionBranches(node: JsonSchema, ctx: Context): { converted: GeminiSchema[]; nullable: boolean } {
  const branches = [...(Array.isArray(node.anyOf) ? (node.anyOf as unknown[]) : []), ...(Array.isArray(node.oneOf) ? (node.oneOf as unknown[]) : [])].filter(isObject);
  const converted: GeminiSchema[] = [];
  let nullable = false;
  for (const b of branches) {
    if (b.type === 'null' && Object.keys(b).length === 1) {
      nullable = true;
      continue;
    }
    const g = convert(b, ctx);
    if (g.nullable) {
      nullable = true;
      delete g.nullable;
    }
    converted.push(g);
  }
  return { converted, nullable };
}

/** `type` as Gemini takes it: one type, or several (an anyOf), and whether null is allowed. */
function typeOf(node: JsonSchema): { type?: string; typeUnion?: string[]; nullable: boolean } {
  if (typeof node.type === 'string') return node.type === 'null' ? { nullable: true } : { type: node.type, nullable: false };
  if (!Array.isArray(node.type)) return { nullable: false };
  const types = (node.type as unknown[]).filter((t): t is string => typeof t === 'string');
  const nonNull = types.filter((t) => t !== 'null');
  return {
    ...(nonNull.length === 1 ? { type: nonNull[0] } : nonNull.length > 1 ? { typeUnion: nonNull } : {}),
    nullable: types.includes('null'),
  };
}

/**
 * `const`/`enum`: Gemini enums are string-only, so string choices become an enum (and make the type
 * string when none is given); other choices are written into the description for the model to learn.
 */
function enumOf(node: JsonSchema, type: string | undefined, typeUnion: string[] | undefined): { type?: string; enum?: string[]; note?: string; nullable: boolean } {
  const enumValues = 'const' in node ? [node.const] : Array.isArray(node.enum) ? (node.enum as unknown[]) : undefined;
  if (!enumValues) return { type, nullable: false };
  const values = enumValues.filter((v) => v !== null && typeof v !== 'object');
  const t = values.length > 0 && !type && !typeUnion && values.every((v) => typeof v === 'string') ? 'string' : type;
  const nullable = enumValues.includes(null);
  if (values.length > 0 && t === 'string') return { type: t, enum: values.map((v) => String(v)), nullable };
  if (values.length > 0) return { type: t, note: `Allowed values: ${values.map((v) => JSON.stringify(v)).join(', ')}.`, nullable };
  return { type: t, nullable };
}

function numericBounds(node: JsonSchema, type: string | undefined): { minimum?: number; maximum?: number } {
  const step = type === 'integer' ? 1 : 0;
  let minimum = typeof node.minimum === 'number' ? node.minimum : undefined;
  let maximum = typeof node.maximum === 'number' ? node.maximum : undefined;
  const exMin = node.exclusiveMinimum;
  const exMax = node.exclusiveMaximum;
  if (typeof exMin === 'number') minimum = Math.max(minimum ?? -Infinity, exMin + step);
  else if (exMin === true && minimum !== undefined) minimum += step; // draft-4 boolean form
  if (typeof exMax === 'number') maximum = Math.min(maximum ?? Infinity, exMax - step);
  else if (exMax === true && maximum !== undefined) maximum -= step;
  return { minimum, maximum };
}
