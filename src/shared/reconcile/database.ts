/**
 * Database sources in the Reconcile workspace (issue 30): a PostgreSQL connection (the JDBC-style
 * string the Lineage workspace uses, or postgres://…), a table or a SELECT query, a preview of its
 * first rows, and the load. The password never crosses to the renderer: the view says only
 * whether one is stored.
 */
import { z } from 'zod';
import { ColumnTypeSchema } from './recipe';

/** `jdbc:postgresql://host:port/db`, `postgres://user@host:port/db`, `postgresql://…`. */
export const DB_URL_PATTERN = /^(jdbc:postgresql|postgres|postgresql):\/\/[^\s]+$/i;

export const DbConnectInputSchema = z
  .object({
    url: z.string().trim().min(1, 'type the connection string').max(2000).regex(DB_URL_PATTERN, 'write jdbc:postgresql://host:port/database or postgres://host:port/database'),
    user: z.string().trim().max(200).optional(),
    /** Empty or left out: keep the stored password (when the connection is the same). */
    password: z.string().max(1000).optional(),
  })
  .strict();
export type DbConnectInput = z.infer<typeof DbConnectInputSchema>;

export const DbConnectionViewSchema = z.object({
  /** The connection string with any password replaced by ••••. */
  url: z.string(),
  /** host:port/database */
  label: z.string(),
  user: z.string().optional(),
  passwordStored: z.boolean(),
  /** Where the connection was saved: in Reconcile, or in the Lineage workspace (shared). */
  from: z.enum(['reconcile', 'lineage']),
});
export type DbConnectionView = z.infer<typeof DbConnectionViewSchema>;

export const DbTableSchema = z.object({ schema: z.string(), name: z.string(), kind: z.enum(['table', 'view']) });
export type DbTable = z.infer<typeof DbTableSchema>;
export const DbTablesSchema = z.object({ tables: z.array(DbTableSchema), truncated: z.boolean() });

export const DbSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('table'), schema: z.string().min(1).max(200), name: z.string().min(1).max(200) }).strict(),
  z
    .object({
      kind: z.literal('query'),
      sql: z
        .string()
        .trim()
        .min(1, 'type a query')
        .max(100_000)
        .regex(/^(select|with|values)\b/i, 'a query starts with SELECT or WITH'),
    })
    .strict(),
]);
export type DbSource = z.infer<typeof DbSourceSchema>;

export const DbPreviewSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: ColumnTypeSchema })),
  /** The first rows as text (what the load writes), null for SQL NULL. */
  rows: z.array(z.array(z.string().nullable())),
  limit: z.number().int(),
});
export type DbPreview = z.infer<typeof DbPreviewSchema>;
