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

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits, and the Arabic decimal and thousands separators. */
const NATIVE_DIGIT = '[\\u0660-\\u066C\\u06F0-\\u06F9]';
const ANY_NATIVE_DIGIT = new RegExp(NATIVE_DIGIT);
const EVERY_NATIVE_DIGIT = new RegExp(NATIVE_DIGIT, 'g');

/** Whether a text writes digits of another script (NATIVE_DIGIT). */
export function hasNativeDigits(text: string): boolean {
  return ANY_NATIVE_DIGIT.test(text);
}

/**
 * Digits of another script as 0–9, the Arabic decimal separator ٫ as "." and its thousands separator
 * ٬ left out (written in unquoted fields, "," would split them). An Iranian bank writes a whole
 * statement in Persian digits (۲۰۰٬۰۰۰٬۰۰۰, ۱۴۰۵/۰۸/۱۵); amounts, dates and references are read from these.
 */
export function asciiDigits(text: string): string {
  return text.replace(EVERY_NATIVE_DIGIT, (ch) => {
    const c = ch.charCodeAt(0);
    if (c >= 0x06f0) return String(c - 0x06f0);
    if (c <= 0x0669) return String(c - 0x0660);
    return c === 0x066b ? '.' : c === 0x066c ? '' : ch;
  });
}

/** `digits`: write NATIVE_DIGIT characters as 0–9 (asciiDigits). */
export async function transcodeToUtf8(source: string, target: string, encoding: Encoding, compressed: boolean, signal?: AbortSignal, digits = false): Promise<void> {
  const decoder = new TextDecoder(encoding === 'latin1' ? 'latin1' : encoding);
  let first = true;
  const decode = new Transform({
    transform(chunk: Buffer, _enc, done) {
      let text = decoder.decode(chunk, { stream: true });
      if (digits) text = asciiDigits(text);
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      done(null, Buffer.from(text, 'utf8'));
    },
    flush(done) {
      const rest = decoder.decode();
      done(null, Buffer.from(digits ? asciiDigits(rest) : rest, 'utf8'));
    },
  });
  const input = createReadStream(source);
  if (compressed) await pipeline(input, createGunzip(), decode, createWriteStream(target), { signal });
  else await pipeline(input, decode, createWriteStream(target), { signal });
}
