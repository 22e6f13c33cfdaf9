/**
 * Turns a tool's JSON Schema into form fields and the filled form back into
 * arguments. Scalars get real inputs; anything nested (objects, arrays of
 * objects, unions) gets a JSON box, so every schema stays callable.
 */

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'string-list' | 'json';

export interface Field {
  name: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  enumValues?: Array<string | number>;
  /** Text shown initially: the schema default, rendered for the input. */
  initial: string;
}

type Schema = Record<string, unknown>;

function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  return typeof t === 'string' ? t : undefined;
}

function kindOf(schema: Schema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string' || typeof v === 'number')) return 'enum';
  switch (typeOf(schema)) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      return typeOf(items) === 'string' && !items.enum ? 'string-list' : 'json';
    }
    default:
      return 'json';
  }
}

function initialText(kind: FieldKind, value: unknown): string {
  if (value === undefined) return kind === 'boolean' ? 'false' : '';
  if (kind === 'json') return JSON.stringify(value, null, 2);
  if (kind === 'string-list' && Array.isArray(value)) return value.join('\n');
  return String(value);
}

export function fieldsFromSchema(schema: Schema | undefined): Field[] {
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema?.required) ? (schema!.required as string[]) : []);
  return Object.entries(props).map(([name, prop]) => {
    const kind = kindOf(prop ?? {});
    return {
      name,
      kind,
      required: required.has(name),
      description: typeof prop?.description === 'string' ? prop.description : undefined,
      enumValues: kind === 'enum' ? (prop.enum as Array<string | number>) : undefined,
      initial: initialText(kind, prop?.default),
    };
  });
}

export interface BuiltArgs {
  args: Record<string, unknown>;
  errors: Record<string, string>;
}

/** Empty optional fields are left out, so the server applies its own defaults. */
export function buildArgs(fields: Field[], values: Record<string, string>): BuiltArgs {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const raw = values[f.name] ?? f.initial;
    const empty = raw.trim() === '';
    if (f.kind === 'boolean') {
      args[f.name] = raw === 'true';
      continue;
    }
    if (empty) {
      if (f.required) errors[f.name] = 'Required.';
      continue;
    }
    switch (f.kind) {
      case 'string':
        args[f.name] = raw;
        break;
      case 'number':
      case 'integer': {
        const n = Number(raw);
        if (!Number.isFinite(n)) errors[f.name] = 'Enter a number.';
        else if (f.kind === 'integer' && !Number.isInteger(n)) errors[f.name] = 'Enter a whole number.';
        else args[f.name] = n;
        break;
      }
      case 'enum': {
        const match = f.enumValues?.find((v) => String(v) === raw);
        if (match === undefined) errors[f.name] = `Choose one of: ${f.enumValues?.join(', ')}.`;
        else args[f.name] = match;
        break;
      }
      case 'string-list':
        args[f.name] = raw
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case 'json':
        try {
          args[f.name] = JSON.parse(raw);
        } catch (e) {
          errors[f.name] = `Not valid JSON: ${(e as Error).message}`;
        }
        break;
    }
  }
  return { args, errors };
}

/** Whether the form can express the schema at all (otherwise start in raw JSON). */
export function formSupported(schema: Schema | undefined): boolean {
  if (!schema) return true;
  return typeOf(schema) === 'object' || schema.properties !== undefined || Object.keys(schema).length === 0;
}
