/**
 * Looks at the first bytes of a file to decide compression, encoding and
 * whether it is text at all — before DuckDB ever sees it, so that bad input
 * gets a precise error instead of a parser failure.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { ReconError } from '../../errors';
import { detectMultiByte, type MultiByteEncoding } from './multibyte-encoding';

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | CodePage | 'latin1' | MultiByteEncoding;

/**
 * The Windows code pages read here, Western first (it wins ties): Latin-script pages (Western,
 * Central European, Turkish) and the single-byte pages of other scripts (Cyrillic, Greek, Hebrew,
 * Arabic, Thai), whose letters every byte above 0x7F also decodes to in the Latin pages.
 */
type CodePage = 'windows-1252' | 'windows-1250' | 'windows-1254' | 'windows-1251' | 'windows-1253' | 'windows-1255' | 'windows-1256' | 'windows-874';
// Hebrew before Cyrillic and Greek: Hebrew's letters are the bytes of their lower-case letters, so
// a Hebrew text ties with them; Cyrillic and Greek texts hold bytes Windows-1255 does not assign.
const CODE_PAGES: readonly CodePage[] = ['windows-1252', 'windows-1250', 'windows-1254', 'windows-1255', 'windows-1251', 'windows-1253', 'windows-1256', 'windows-874'];
const PAGE_NAME: Record<CodePage, string> = {
  'windows-1252': 'Windows-1252',
  'windows-1250': 'Windows-1250',
  'windows-1254': 'Windows-1254',
  'windows-1251': 'Windows-1251',
  'windows-1253': 'Windows-1253',
  'windows-1255': 'Windows-1255',
  'windows-1256': 'Windows-1256',
  'windows-874': 'Windows-874 (Thai, TIS-620)',
};
const isCodePage = (e: Encoding): e is CodePage => (CODE_PAGES as readonly string[]).includes(e);

export interface SniffResult {
  compressed: boolean;
  encoding: Encoding;
  hasBom: boolean;
  /** Decoded text of the sample (BOM removed), for delimiter and header detection. */
  sampleText: string;
  /** The sample reached the end of the file. */
  complete: boolean;
}

const SAMPLE_BYTES = 256 * 1024;

/** Bytes unassigned in a code page: those its decoder (streaming: see decodeText) maps to a C1 control or U+FFFD. */
function unassignedBytes(page: CodePage): Set<number> {
  const out = new Set<number>();
  for (let b = 0x80; b <= 0xff; b++) {
    const c = decodeText(new Uint8Array([b]), page).codePointAt(0) ?? 0xfffd;
    if (c === 0xfffd || (c >= 0x80 && c <= 0x9f)) out.add(b);
  }
  return out;
}
const UNASSIGNED = Object.fromEntries(CODE_PAGES.map((p) => [p, unassignedBytes(p)])) as Record<CodePage, Set<number>>;

/**
 * Letters only one of the code pages' languages write (lower case). The same byte is `è` in one
 * page, `č`, `и`, `θ`, `ט` or `و` in others, and all decode without error, so the page whose
 * reading holds the most letters of its own languages is taken (ties: Windows-1252). A Latin
 * page's letter counts inside a word with ASCII letters ("Gyõr"), another script's letter next to
 * another of its own (a word of that script): Hebrew read as Windows-1252 is "úàøéê", accented
 * letters with no ASCII letter beside them, and French read as Windows-1255 is one Hebrew letter
 * between Latin ones.
 */
const OWN_LETTERS: Record<CodePage, string> = {
  // Not õ and û: they are the bytes of Hungarian ő and ű, the commonest letters telling Hungarian
  // from the Western languages (a Portuguese õ comes with ã and ç, a French û with è, à, ê).
  // ð: Icelandic and Faroese (Windows-1250 reads the byte as đ, 1254 as ğ). Not þ: one "Şti." (a
  // Turkish company's legal form) would read as Icelandic as often as Turkish.
  'windows-1252': 'àâãåæçèêëìîïñòøùÿœßð',
  'windows-1250': 'ąćčďěęĺľłńňőŕřśšťůűźžż',
  // ç too: Turkish writes it as often as French does, so it does not tell the two pages apart.
  'windows-1254': 'ğışç',
  'windows-1251': 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў',
  'windows-1253': 'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰς',
  'windows-1255': 'אבגדהוזחטיךכלםמןנסעףפץצקרשת',
  'windows-1256': 'ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيپچژگ',
  // Every Thai consonant, vowel and tone mark (U+0E01–U+0E4E): a Thai word is written with all of them.
  'windows-874': Array.from({ length: 0x4e }, (_, i) => String.fromCodePoint(0x0e01 + i)).join(''),
};
const LATIN_PAGES = new Set<CodePage>(['windows-1252', 'windows-1250', 'windows-1254']);
/**
 * Letters a Latin page's languages never write, each counted against that reading. Windows-1254
 * differs from 1252 in six bytes only, Icelandic's ð, ý, þ (Ð, Ý, Þ), which it reads as ğ, ı, ş: an
 * Icelandic ledger ("Viðskiptamannafærslur", "Lýsing") read as Turkish had more "Turkish" letters
 * than the Western letters 1252 counts. Turkish writes none of á, é, í, ó, ú, æ, which Icelandic
 * (and Czech, Spanish, Hungarian) write all the time.
 */
const ALIEN_LETTERS: Partial<Record<CodePage, string>> = { 'windows-1254': 'áéíóúæåøãõñ' };
/**
 * The vowels (for Hebrew and Arabic, the letters that also write vowels) of the other scripts: in
 * any text of a language a quarter to two thirds of the letters. Greek read as Cyrillic, or Hebrew
 * as Cyrillic, gives about one in six, and such a reading counts half.
 */
const VOWELS: Partial<Record<CodePage, string>> = {
  'windows-1251': 'аеёиоуыэюяіїє',
  'windows-1253': 'αεηιουωάέήίόύώϊϋ',
  'windows-1255': 'אהוי',
  'windows-1256': 'اويىةأإآ',
  'windows-874': 'ะัาำิีึืุูเแโใไ',
};
const VOWEL_SHARE = { min: 0.25, max: 0.65 };
/** Words of a cased script (Cyrillic, Greek) rarely change to a capital inside: more than this share of letters, and the reading counts half. */
const CASE_FLIPS = 0.05;
const isAsciiLetter = (ch: string | undefined) => ch !== undefined && /^[a-z]$/.test(ch);

const LETTER = /\p{L}/u;
/** Whether chars[i] is in a word (a run of letters) that holds an ASCII letter. */
function inWordWithAscii(chars: string[], i: number): boolean {
  for (let j = i; j >= 0 && LETTER.test(chars[j]); j--) if (isAsciiLetter(chars[j])) return true;
  for (let j = i + 1; j < chars.length && LETTER.test(chars[j]); j++) if (isAsciiLetter(chars[j])) return true;
  return false;
}

export async function readSample(path: string, compressed: boolean): Promise<{ bytes: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  let complete = true;
  const raw = createReadStream(path, compressed ? {} : { end: SAMPLE_BYTES });
  const stream = compressed ? raw.pipe(createGunzip()) : raw;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      total += chunk.length;
      if (total > SAMPLE_BYTES) {
        complete = false;
        break;
      }
    }
  } catch (error) {
    throw new ReconError('binary_file', `cannot decompress ${path}: ${(error as Error).message}`, { path });
  } finally {
    raw.destroy();
  }
  const bytes = Buffer.concat(chunks);
  return { bytes: bytes.subarray(0, SAMPLE_BYTES), complete: complete && bytes.length <= SAMPLE_BYTES };
}

export async function isGzip(path: string): Promise<boolean> {
  const { bytes } = await readSampleHead(path, 2);
  return bytes.length === 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

async function readSampleHead(path: string, n: number): Promise<{ bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start: 0, end: n - 1 }) as AsyncIterable<Buffer>) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks) };
}

/** Drop a trailing partial UTF-8 sequence so a cut sample does not look invalid. */
function trimPartialUtf8(bytes: Buffer): Buffer {
  let end = bytes.length;
  let back = 0;
  while (end - back - 1 >= 0 && back < 4 && (bytes[end - back - 1] & 0xc0) === 0x80) back++;
  const leadIndex = end - back - 1;
  if (leadIndex < 0) return bytes;
  const lead = bytes[leadIndex];
  // Only real lead bytes (0xC2–0xF4) start a sequence that may be cut; anything else is simply invalid.
  if (lead < 0xc2 || lead > 0xf4) return bytes;
  const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
  return need > back ? bytes.subarray(0, leadIndex) : bytes;
}

function firstInvalidUtf8Offset(bytes: Buffer): number {
  // TextDecoder does not report where it failed; binary-search the prefix.
  const ok = (n: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(trimPartialUtf8(bytes.subarray(0, n)));
      return true;
    } catch {
      return false;
    }
  };
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** File types people drop by mistake, by their first bytes: named in the error instead of "NUL bytes". */
const MAGIC: { kind: string; what: string; bytes: number[] }[] = [
  { kind: 'xls', what: 'an old Excel workbook (.xls)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { kind: 'zip', what: 'a ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'png', what: 'a PNG image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { kind: 'jpeg', what: 'a JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'gif', what: 'a GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { kind: 'pdf', what: 'a PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { kind: 'parquet', what: 'a Parquet file', bytes: [0x50, 0x41, 0x52, 0x31] },
  { kind: 'sqlite', what: 'an SQLite database', bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65] },
  { kind: 'elf', what: 'a program (ELF)', bytes: [0x7f, 0x45, 0x4c, 0x46] },
];

export function fileKind(bytes: Uint8Array): { kind: string; what: string } | null {
  const hit = MAGIC.find((m) => m.bytes.every((b, i) => bytes[i] === b));
  return hit ? { kind: hit.kind, what: hit.what } : null;
}

export async function sniffFile(path: string, requested?: Encoding): Promise<SniffResult> {
  const compressed = await isGzip(path);
  const { bytes, complete } = await readSample(path, compressed);
  if (bytes.length === 0) throw new ReconError('empty_file', `${path} is empty (0 bytes${compressed ? ' after decompression' : ''})`, { path });
  const kind = fileKind(bytes);
  if (kind) {
    const hint = kind.kind === 'xls' ? '; open it in Excel and save it as .xlsx (Excel Workbook) or CSV, then load that' : kind.kind === 'zip' ? '; an Excel workbook is loaded from its .xlsx file' : '; pick the CSV or Excel export instead';
    throw new ReconError('binary_file', `${path} is ${kind.what}, not a CSV text file${hint}`, { path, kind: kind.kind, what: kind.what });
  }

  let encoding: Encoding;
  let bomLength = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    bomLength = 3;
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    bomLength = 2;
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    bomLength = 2;
  } else {
    encoding = requested ?? detectUnmarkedEncoding(bytes, path);
  }
  if (requested && bomLength === 0) encoding = requested;
  const body = bytes.subarray(bomLength);
  if (!encoding.startsWith('utf-16')) assertText(body, path);
  if (encoding === 'utf-8') {
    const prefix = complete ? body : trimPartialUtf8(body);
    const bad = firstInvalidUtf8Offset(prefix);
    if (bad < prefix.length) {
      throw new ReconError('invalid_encoding', `${path} is not valid UTF-8 (first invalid byte at offset ${bad + bomLength}); set encoding to windows-1252 or latin1 if that is what it is`, { path, offset: bad + bomLength });
    }
  }
  if (isCodePage(encoding)) {
    const unassigned = UNASSIGNED[encoding];
    const index = body.findIndex((b) => unassigned.has(b));
    const names = requested ? PAGE_NAME[encoding] : `any of ${CODE_PAGES.map((p) => PAGE_NAME[p]).join(', ')}`;
    if (index >= 0) throw new ReconError('invalid_encoding', `${path} is neither UTF-8 nor ${names} (byte 0x${body[index].toString(16)} at offset ${index + bomLength})`, { path, offset: index + bomLength });
  }
  let sampleText = decodeText(encoding === 'utf-8' && !complete ? trimPartialUtf8(body) : body, encoding);
  if (encoding.startsWith('utf-16') && sampleText.includes('\0')) {
    throw new ReconError('binary_file', `${path} contains NUL characters; it does not look like a text file`, { path });
  }
  if (sampleText.trim() === '') throw new ReconError('empty_file', `${path} contains only whitespace`, { path });
  return { compressed, encoding, hasBom: bomLength > 0, sampleText, complete };
}

/**
 * Bytes as text, read as the load's transcoded copy reads them. Node 20's one-shot TextDecoder reads
 * Windows-1252 as Latin-1 (0x96 → U+0096, not "–"); its streaming mode does not. The sample's
 * offsets cut the transcoded copy, so both must agree byte for byte: a preamble with one "–" cut
 * the table one byte early, and DuckDB refused the copy ("state machine reached an invalid state").
 */
export function decodeText(bytes: Uint8Array, encoding: Encoding): string {
  const decoder = new TextDecoder(encoding === 'latin1' ? 'latin1' : encoding);
  return decoder.decode(bytes, { stream: true }) + decoder.decode();
}

/** No BOM: UTF-16 shows up as NUL every other byte; otherwise valid UTF-8 wins, then an East Asian multi-byte encoding that reads as its language, else a Windows code page. */
function detectUnmarkedEncoding(bytes: Buffer, path: string): Encoding {
  const n = Math.min(bytes.length, 4096);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i++) {
    if (bytes[i] === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  }
  if (oddNul > n / 4 && evenNul === 0) return 'utf-16le';
  if (evenNul > n / 4 && oddNul === 0) return 'utf-16be';
  if (evenNul + oddNul > 0) {
    const offset = bytes.indexOf(0);
    throw new ReconError('binary_file', `${path} contains NUL bytes (first at offset ${offset}); it does not look like a CSV text file`, { path, offset });
  }
  const trimmed = trimPartialUtf8(bytes);
  return firstInvalidUtf8Offset(trimmed) === trimmed.length ? 'utf-8' : (detectMultiByte(bytes) ?? singleByteCodePage(bytes));
}

/** Not UTF-8: the code page that can read every byte and whose reading holds more of its own letters. */
export function singleByteCodePage(bytes: Uint8Array): CodePage {
  const score = (page: CodePage): number => {
    if (bytes.some((b) => UNASSIGNED[page].has(b))) return -1;
    const own = OWN_LETTERS[page];
    const latin = LATIN_PAGES.has(page);
    const written = [...decodeText(bytes, page)];
    const chars = written.map((c) => c.toLowerCase());
    const vowels = VOWELS[page] ?? '';
    const alien = ALIEN_LETTERS[page] ?? '';
    let n = 0;
    let v = 0;
    let flips = 0;
    for (let i = 0; i < chars.length; i++) {
      if (alien.includes(chars[i])) n--;
      if (!own.includes(chars[i])) continue;
      const [before, after] = [chars[i - 1], chars[i + 1]];
      // Another script's word holds no ASCII letter: "Eftirstцрvar" is an Icelandic word read as Cyrillic.
      if (latin ? isAsciiLetter(before) || isAsciiLetter(after) : (own.includes(before ?? ' ') || own.includes(after ?? ' ')) && !inWordWithAscii(chars, i)) {
        n++;
        if (vowels.includes(chars[i])) v++;
        // A capital right after a small letter of the same word ("ΗαΪγνα": Arabic read as Greek).
        if (before !== undefined && own.includes(before) && written[i - 1] === before && written[i] !== chars[i]) flips++;
      }
    }
    if (latin) return n;
    // Another script's page reads only when it reads letters of that script: Windows-1256 assigns
    // every byte, and would otherwise take any file that is no text at all.
    if (n === 0) return -1;
    const share = v / n;
    const vowelled = share >= VOWEL_SHARE.min && share <= VOWEL_SHARE.max;
    return n * (vowelled ? 1 : 0.5) * (flips > CASE_FLIPS * n ? 0.5 : 1);
  };
  let best: CodePage = 'windows-1252';
  let bestScore = score(best);
  for (const page of CODE_PAGES.slice(1)) {
    const n = score(page);
    if (n > bestScore) [best, bestScore] = [page, n];
  }
  return best;
}

/** Control bytes other than tab/CR/LF/FF mean binary data, whatever the encoding. */
function assertText(bytes: Buffer, path: string): void {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) {
      throw new ReconError('binary_file', `${path} contains a control byte 0x${b.toString(16).padStart(2, '0')} at offset ${i}; it does not look like a CSV text file`, { path, offset: i });
    }
  }
}
