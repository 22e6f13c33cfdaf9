/**
 * Streams a non-UTF-8 (or BOM-prefixed UTF-16) file into a UTF-8 copy in the
 * workspace, because DuckDB's CSV reader only reads UTF-8. Never holds the
 * whole file in memory.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Encoding } from './file-sniff';

export async function transcodeToUtf8(source: string, target: string, encoding: Encoding, compressed: boolean, signal?: AbortSignal): Promise<void> {
  const decoder = new TextDecoder(encoding === 'latin1' ? 'latin1' : encoding);
  let first = true;
  const decode = new Transform({
    transform(chunk: Buffer, _enc, done) {
      let text = decoder.decode(chunk, { stream: true });
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      done(null, Buffer.from(text, 'utf8'));
    },
    flush(done) {
      done(null, Buffer.from(decoder.decode(), 'utf8'));
    },
  });
  const input = createReadStream(source);
  if (compressed) await pipeline(input, createGunzip(), decode, createWriteStream(target), { signal });
  else await pipeline(input, decode, createWriteStream(target), { signal });
}
