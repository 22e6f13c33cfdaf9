import { z } from 'zod';
import { SourceShape } from './lineage';

/**
 * OpenLineage column lineage (ColumnLineageDatasetFacet 1-2-0,
 * https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json) as the engine exports
 * it, and a check of a facet against the spec's shape written from the spec (no validator library):
 * BaseFacet's `_producer` (a URI) and `_schemaURL` (a URI), `fields` mapping each output column to
 * `inputFields` (each `namespace`, `name`, `field`, and optional `transformations`, each with
 * `type` DIRECT or INDIRECT, optional `subtype`, `description`, `masking`), the optional
 * dataset-level `dataset` list of the same input-field shape.
 */

export const OpenLineageInputShape = {
  ...SourceShape,
  name: z.string().min(1).max(512).optional().describe("One view (omit for every view of the catalog)"),
  namespace: z.string().min(1).max(1024).optional().describe('OpenLineage dataset namespace (default: trino://host:port, postgres://host:port, or the connection URL)'),
  limit: z.number().int().min(1).max(1_000_000).optional().describe('At most this many views (default 100,000)'),
};

const TransformationSchema = z.object({
  type: z.enum(['DIRECT', 'INDIRECT']),
  subtype: z.string().optional(),
  description: z.string().optional(),
  masking: z.boolean().optional(),
});
const InputFieldSchema = z.object({ namespace: z.string(), name: z.string(), field: z.string(), transformations: z.array(TransformationSchema).optional() });
export const ColumnLineageFacetSchema = z.object({
  _producer: z.string(),
  _schemaURL: z.string(),
  fields: z.record(z.string(), z.object({ inputFields: z.array(InputFieldSchema), transformationDescription: z.string().optional(), transformationType: z.string().optional() })),
  dataset: z.array(InputFieldSchema).optional(),
});
export const OpenLineageDatasetSchema = z.object({
  namespace: z.string(),
  name: z.string(),
  facets: z.object({ columnLineage: ColumnLineageFacetSchema }),
  error: z.string().optional(),
});
export const OpenLineageExportSchema = z.object({ datasets: z.array(OpenLineageDatasetSchema), total: z.number(), truncated: z.boolean() });
export type OpenLineageExport = z.infer<typeof OpenLineageExportSchema>;

const DIRECT_SUBTYPES = ['IDENTITY', 'TRANSFORMATION', 'AGGREGATION'];
const INDIRECT_SUBTYPES = ['JOIN', 'GROUP_BY', 'FILTER', 'SORT', 'WINDOW', 'CONDITIONAL'];

function isUri(s: unknown): boolean {
  return typeof s === 'string' && /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(s);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function inputFieldProblems(f: unknown, where: string): string[] {
  if (!isObject(f)) return [`${where} is not an object`];
  const out: string[] = [];
  for (const k of ['namespace', 'name', 'field']) {
    if (typeof f[k] !== 'string' || (f[k] as string).length === 0) out.push(`${where}.${k} must be a non-empty string`);
  }
  if (f.transformations !== undefined) {
    if (!Array.isArray(f.transformations)) return [...out, `${where}.transformations must be an array`];
    f.transformations.forEach((t: unknown, k) => {
      const at = `${where}.transformations[${k}]`;
      if (!isObject(t)) return out.push(`${at} is not an object`);
      if (t.type !== 'DIRECT' && t.type !== 'INDIRECT') out.push(`${at}.type must be DIRECT or INDIRECT, got ${JSON.stringify(t.type)}`);
      if (t.subtype !== undefined) {
        const allowed = t.type === 'INDIRECT' ? INDIRECT_SUBTYPES : DIRECT_SUBTYPES;
        if (typeof t.subtype !== 'string' || !allowed.includes(t.subtype)) out.push(`${at}.subtype ${JSON.stringify(t.subtype)} is not one of ${allowed.join(', ')} for ${String(t.type)}`);
      }
      if (t.description !== undefined && typeof t.description !== 'string') out.push(`${at}.description must be a string`);
      if (t.masking !== undefined && typeof t.masking !== 'boolean') out.push(`${at}.masking must be a boolean`);
      for (const k of Object.keys(t)) if (!['type', 'subtype', 'description', 'masking'].includes(k)) out.push(`${at} has unknown key ${k}`);
      return undefined;
    });
  }
  return out;
}

/** What is wrong with a columnLineage facet, per the 1-2-0 spec; empty when it conforms. */
export function columnLineageFacetProblems(facet: unknown): string[] {
  if (!isObject(facet)) return ['the facet is not an object'];
  const out: string[] = [];
  if (!isUri(facet._producer)) out.push('_producer must be a URI');
  if (!isUri(facet._schemaURL) || !/ColumnLineageDatasetFacet\.json/.test(String(facet._schemaURL))) out.push('_schemaURL must be the ColumnLineageDatasetFacet schema URI');
  if (!isObject(facet.fields)) return [...out, 'fields must be an object (column name → { inputFields })'];
  for (const [column, value] of Object.entries(facet.fields)) {
    if (!isObject(value) || !Array.isArray(value.inputFields)) {
      out.push(`fields.${column}.inputFields must be an array`);
      continue;
    }
    value.inputFields.forEach((f: unknown, k) => out.push(...inputFieldProblems(f, `fields.${column}.inputFields[${k}]`)));
  }
  if (facet.dataset !== undefined) {
    if (!Array.isArray(facet.dataset)) out.push('dataset must be an array');
    else facet.dataset.forEach((f: unknown, k) => out.push(...inputFieldProblems(f, `dataset[${k}]`)));
  }
  return out;
}
