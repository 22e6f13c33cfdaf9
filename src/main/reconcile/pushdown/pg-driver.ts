/**
 * The PostgreSQL driver, loaded when a connection is first made: the app and `kalla` start without
 * it (it is only for a database source or a pushdown run).
 */
import type pg from 'pg';

export type { pg };

let driver: Promise<typeof pg> | undefined;

export function pgDriver(): Promise<typeof pg> {
  driver ??= import('pg').then((m) => m.default);
  return driver;
}
