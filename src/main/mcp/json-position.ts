/**
 * Locating JSON syntax errors. JSON.parse only sometimes reports a position
 * (Node 20 says "Unexpected token ' ', ... is not valid JSON" for many errors),
 * so we scan the text ourselves to find where it first stops being valid JSON.
 */

export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/** 1-based line and column of a character offset. */
export function positionOf(text: string, offset: number): TextPosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset: clamped, line, column: clamped - lineStart + 1 };
}

class SyntaxStop extends Error {
  constructor(readonly offset: number) {
    super('json syntax error');
  }
}

/** Offset of the first syntax error in `text`, or undefined when it is valid JSON. */
export function jsonErrorOffset(text: string): number | undefined {
  const scan = new JsonScan(text);
  try {
    scan.value();
    scan.ws();
    if (scan.i < text.length) scan.fail();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxStop) return error.offset;
    throw error;
  }
}

/** A recursive-descent pass over JSON text that throws SyntaxStop where the text stops being JSON. */
class JsonScan {
  i = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    throw new SyntaxStop(this.i);
  }

  ws(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) this.i++;
  }

  value(): void {
    this.ws();
    const ch = this.text[this.i];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === 't') return this.literal('true');
    if (ch === 'f') return this.literal('false');
    if (ch === 'n') return this.literal('null');
    return this.number();
  }

  /** Steps past `close` and says true if it is next, else false. */
  private closes(close: string): boolean {
    if (this.text[this.i] !== close) return false;
    this.i++;
    return true;
  }

  /** After an element: a comma (more follow) or the closing bracket (done); anything else fails. */
  private more(close: string): boolean {
    this.ws();
    if (this.text[this.i] === ',') {
      this.i++;
      return true;
    }
    if (this.closes(close)) return false;
    return this.fail();
  }

  private object(): void {
    this.i++;
    this.ws();
    if (this.closes('}')) return;
    do {
      this.ws();
      this.string();
      this.ws();
      if (this.text[this.i] !== ':') this.fail();
      this.i++;
      this.value();
    } while (this.more('}'));
  }

  private array(): void {
    this.i++;
    this.ws();
    if (this.closes(']')) return;
    do this.value();
    while (this.more(']'));
  }

  private literal(word: string): void {
    for (const ch of word) {
      if (this.text[this.i] !== ch) this.fail();
      this.i++;
    }
  }

  private string(): void {
    const text = this.text;
    if (text[this.i] !== '"') this.fail();
    this.i++;
    while (this.i < text.length) {
      const ch = text[this.i];
      if (ch === '"') {
        this.i++;
        return;
      }
      if (ch.charCodeAt(0) < 0x20) this.fail();
      if (ch === '\\') {
        this.i++;
        if (text[this.i] === 'u') {
          this.unicodeEscape();
          continue;
        }
        const esc = text[this.i];
        if (esc === undefined || !'"\\/bfnrt'.includes(esc)) this.fail();
      }
      this.i++;
    }
    this.fail();
  }

  /** `\uXXXX`, with `i` on the `u`: fails at the first character that is not a hex digit. */
  private unicodeEscape(): void {
    for (let k = 1; k <= 4; k++) {
      if (!/[0-9a-fA-F]/.test(this.text[this.i + k] ?? '')) {
        this.i += k;
        this.fail();
      }
    }
    this.i += 5;
  }

  private number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!match || match[0] === '-' || match[0] === '') this.fail();
    this.i += match![0].length;
  }
}
