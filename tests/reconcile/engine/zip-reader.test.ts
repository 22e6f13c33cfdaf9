/** zip.ts' reader: members found through the central directory, streamed, checked. */
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateEntry, openZipMember, readZipDirectory, writeZip } from '../../../src/main/reconcile/engine/zip';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

const CONTENT: [string, string][] = [
  ['b.xml', '<b>zweiter Teil, zuerst gespeichert</b>'],
  ['a/long.xml', `<a>${'Größe Müller Straße '.repeat(20_000)}</a>`],
  ['empty.txt', ''],
];

async function written(name: string): Promise<string> {
  const path = join(sb.dir, name);
  await writeZip(path, CONTENT.map(([n, t]) => deflateEntry(n, Buffer.from(t, 'utf8'))));
  return path;
}

/** The same archive with a ZIP64 central directory: every size and offset in the ZIP64 extra field, a ZIP64 end record. */
function asZip64(zip: Buffer): Buffer {
  const end = zip.length - 22;
  const cdOffset = zip.readUInt32LE(end + 16);
  const count = zip.readUInt16LE(end + 10);
  const central: Buffer[] = [];
  for (let p = cdOffset, i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(p + 28);
    const header = Buffer.from(zip.subarray(p, p + 46 + nameLength));
    const extra = Buffer.alloc(28);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(header.readUInt32LE(24)), 4); // size
    extra.writeBigUInt64LE(BigInt(header.readUInt32LE(20)), 12); // compressed size
    extra.writeBigUInt64LE(BigInt(header.readUInt32LE(42)), 20); // local header offset
    header.writeUInt32LE(0xffffffff, 20);
    header.writeUInt32LE(0xffffffff, 24);
    header.writeUInt32LE(0xffffffff, 42);
    header.writeUInt16LE(extra.length, 30);
    central.push(header, extra);
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  const cd = Buffer.concat(central);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cd.length), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cd.length), 8);
  locator.writeUInt32LE(1, 16);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(0xffff, 8);
  eocd.writeUInt16LE(0xffff, 10);
  eocd.writeUInt32LE(0xffffffff, 12);
  eocd.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, cdOffset), cd, record, locator, eocd]);
}

async function contents(path: string): Promise<[string, string][]> {
  const members = await readZipDirectory(path);
  // Read in the reverse of the stored order: the directory, not the order, finds each one.
  const out: [string, string][] = [];
  for (const m of [...members.values()].reverse()) out.push([m.name, await text(await openZipMember(path, m))]);
  return out.reverse();
}

describe('zip reader', () => {
  it('lists the members from the central directory and streams each one, in any order', async () => {
    const path = await written('plain.zip');
    expect(await contents(path)).toEqual(CONTENT);
  });

  it('reads a ZIP64 central directory', async () => {
    const path = join(sb.dir, 'zip64.zip');
    writeFileSync(path, asZip64(readFileSync(await written('for-zip64.zip'))));
    const members = await readZipDirectory(path);
    expect(members.get('a/long.xml')?.size).toBe(Buffer.byteLength(CONTENT[1][1]));
    expect(await contents(path)).toEqual(CONTENT);
  });

  it('a member whose data was changed fails its checksum instead of being read', async () => {
    const path = join(sb.dir, 'stored.zip');
    // A stored (not deflated) member, so the change inflates fine and only the CRC can tell.
    const zip = readFileSync(await written('to-damage.zip'));
    const members = await readZipDirectory(join(sb.dir, 'to-damage.zip'));
    const b = members.get('b.xml')!;
    const stored = Buffer.from(CONTENT[0][1], 'utf8');
    const local = Buffer.from(zip.subarray(b.offset, b.offset + 30 + 'b.xml'.length));
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(stored.length, 18);
    const damaged = Buffer.from(stored);
    damaged[1] ^= 0x20;
    writeFileSync(path, Buffer.concat([local, damaged]));
    const member = { ...b, method: 0, offset: 0, compressedSize: stored.length };
    await expect(text(await openZipMember(path, member))).rejects.toThrow(/b\.xml is damaged/);
    writeFileSync(path, Buffer.concat([local, stored]));
    expect(await text(await openZipMember(path, member))).toBe(CONTENT[0][1]);
  });

  it('a file without a central directory is refused', async () => {
    const path = sb.file('not.zip', 'PK\u0003\u0004 but nothing else');
    await expect(readZipDirectory(path)).rejects.toThrow(/no ZIP central directory/);
  });
});
