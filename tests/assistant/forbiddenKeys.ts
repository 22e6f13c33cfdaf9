/**
 * Independent check of a Gemini schema tree: every schema node is visited
 * (properties' values, items, anyOf members, and, defensively, any other
 * nested object) and keywords outside Gemini's subset are reported with
 * their path. Property *names* are data, not keywords, and are not checked.
 */
import { GEMINI_SCHEMA_KEYWORDS } from '../../src/main/assistant/translate/geminiSchema';

const ALLOWED = new Set<string>(GEMINI_SCHEMA_KEYWORDS);
export const FORBIDDEN_FOR_GEMINI = [
  '$schema',
  '$ref',
  '$defs',
  'definitions',
  'additionalProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'const',
  'default',
  'examples',
  'title',
  'pattern',
  'minLength',
  'maxLength',
  'oneOf',
  'allOf',
  'uniqueItems',
];

export function findNonGeminiKeys(schema: unknown, path = '$'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((s, i) => findNonGeminiKeys(s, `${path}[${i}]`));
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!ALLOWED.has(key)) found.push(`${path}.${key}`);
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, sub] of Object.entries(value)) found.push(...findNonGeminiKeys(sub, `${path}.properties.${name}`));
    } else if (key === 'enum' || key === 'required') {
      // arrays of plain values
    } else {
      found.push(...findNonGeminiKeys(value, `${path}.${key}`));
    }
  }
  return found;
}

/** Every key anywhere in the tree, property names included: for "this keyword is nowhere" checks. */
export function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  }
  return into;
}
