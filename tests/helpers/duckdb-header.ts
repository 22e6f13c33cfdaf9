import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Makes `file` look written by a newer DuckDB: DuckDB's file header (the first 4,096 bytes) holds a
 * checksum of bytes 8–4,095, the magic "DUCK", then the storage version (u64 at byte 12). The version
 * is set and the checksum recomputed the way DuckDB does (5381 xor each little-endian u64 ×
 * 0xbf58476d1ce4e5b9), so this DuckDB reads the header and reaches its version check, as with a real
 * file from a newer DuckDB.
 */
export function stampStorageVersion(file: string, version: number): void {
  const b = readFileSync(file);
  if (b.subarray(8, 12).toString('latin1') !== 'DUCK') throw new Error(`${file} is not a DuckDB file`);
  b.writeBigUInt64LE(BigInt(version), 12);
  const mask = (1n << 64n) - 1n;
  let sum = 5381n;
  for (let i = 8; i < 4096; i += 8) sum ^= (b.readBigUInt64LE(i) * 0xbf58476d1ce4e5b9n) & mask;
  b.writeBigUInt64LE(sum, 0);
  writeFileSync(file, b);
}
