/**
 * Reads a dictionary file strictly: bytes that are not UTF-8, a byte-order mark, a
 * duplicate key, a file too large or too deeply nested are errors naming the file and
 * the byte offset or key path, not something to guess around. `JSON.parse` cannot do
 * this: it takes the last of two equal keys silently, and a lossy UTF-8 decode turns
 * every umlaut of a Latin-1 file into `�` without a word.
 *
 * Pure (no Node APIs), so the site loader, the scripts and the tests share it.
 */
import { LIMITS } from './limits';
import { ContentError, formatPath, type ContentProblem } from './problems';

function fail(file: string, message: string, path: readonly (string | number)[] = []): never {
  throw new ContentError([{ file, path: formatPath(path), message }]);
}

const BYTE_ORDER_MARKS: readonly { bytes: readonly number[]; name: string }[] = [
  // UTF-32 LE before UTF-16 LE: its mark starts with UTF-16 LE's.
  { bytes: [0xff, 0xfe, 0x00, 0x00], name: 'UTF-32 (little-endian)' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], name: 'UTF-32 (big-endian)' },
  { bytes: [0xff, 0xfe], name: 'UTF-16 (little-endian)' },
  { bytes: [0xfe, 0xff], name: 'UTF-16 (big-endian)' },
];

/** The byte offset of the first byte that does not start a valid UTF-8 sequence, or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  const length = bytes.length;
  let i = 0;
  while (i < length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    let trailing: number;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) trailing = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      trailing = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      trailing = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= trailing; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf))
        return i;
    }
    i += trailing + 1;
  }
  return -1;
}

function hex(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (bytes[i] === 0x0a) line += 1;
  return line;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes a file as strict UTF-8. Rejects byte-order marks (UTF-8, UTF-16, UTF-32),
 * NUL bytes (UTF-16 without a mark, or binary) and invalid sequences, naming the byte
 * offset and line.
 */
export function decodeUtf8File(bytes: Uint8Array, file: string): string {
  for (const mark of BYTE_ORDER_MARKS) {
    if (mark.bytes.every((byte, index) => bytes[index] === byte)) {
      fail(
        file,
        `starts with a ${mark.name} byte-order mark: the file is not UTF-8; save it as UTF-8`,
      );
    }
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    fail(file, 'starts with a byte-order mark (BOM); save it as UTF-8 without BOM');
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    fail(
      file,
      `has a NUL byte at byte offset ${nul} (line ${lineOfOffset(bytes, nul)}): the file is not UTF-8 text (UTF-16 or binary?); save it as UTF-8`,
    );
  }
  try {
    return fatalDecoder.decode(bytes);
  } catch {
    const offset = invalidUtf8Offset(bytes);
    const at = Math.max(offset, 0);
    fail(
      file,
      `is not valid UTF-8: byte ${hex(bytes[at] ?? 0)} at byte offset ${at} (line ${lineOfOffset(bytes, at)}); save the file as UTF-8 (was it saved as Latin-1 or Windows-1252?)`,
    );
  }
}

// ---------------------------------------------------------------------------
// A strict JSON parser (RFC 8259) that knows where it is: line and column for syntax
// errors, the key path for duplicate keys and excessive nesting.

type Path = (string | number)[];

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class JsonReader {
  private index = 0;
  private readonly duplicates: ContentProblem[] = [];
  /** Where the reader is: keys and indexes from the top, for messages. */
  private readonly path: Path = [];

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  read(): unknown {
    this.skipWhitespace();
    if (this.index >= this.text.length) fail(this.file, 'file is empty');
    const value = this.value();
    this.skipWhitespace();
    if (this.index < this.text.length) this.syntax('unexpected text after the JSON value');
    if (this.duplicates.length) throw new ContentError(this.duplicates);
    return value;
  }

  private position(index = this.index): string {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < index; i += 1) {
      if (this.text.charCodeAt(i) === 0x0a) {
        line += 1;
        lineStart = i + 1;
      }
    }
    return `line ${line}, column ${index - lineStart + 1}`;
  }

  private syntax(what: string, index = this.index): never {
    fail(this.file, `not valid JSON: ${what} at ${this.position(index)}`);
  }

  private skipWhitespace(): void {
    const text = this.text;
    while (this.index < text.length) {
      const code = text.charCodeAt(this.index);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) this.index += 1;
      else return;
    }
  }

  private describeNext(): string {
    if (this.index >= this.text.length) return 'end of file';
    const char = String.fromCodePoint(this.text.codePointAt(this.index)!);
    return `"${char}"`;
  }

  private value(): unknown {
    const code = this.text.charCodeAt(this.index);
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      // The path has one entry per enclosing object or list.
      if (this.path.length >= LIMITS.depth) {
        fail(this.file, `nested more than ${LIMITS.depth} levels deep`, this.path);
      }
      return code === 0x7b ? this.object() : this.array();
    }
    if (code === 0x22 /* " */) return this.string();
    if (code === 0x2d /* - */ || (code >= 0x30 && code <= 0x39)) return this.number();
    for (const [word, result] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.index)) {
        this.index += word.length;
        return result;
      }
    }
    this.syntax(`expected a value, found ${this.describeNext()}`);
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const keyIndexes = new Map<string, number>();
    this.index += 1;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.index) === 0x7d /* } */) {
      this.index += 1;
      return out;
    }
    for (;;) {
      if (this.text.charCodeAt(this.index) !== 0x22) {
        this.syntax(`expected a key in double quotes, found ${this.describeNext()}`);
      }
      const keyIndex = this.index;
      const key = this.string();
      this.skipWhitespace();
      if (this.text.charCodeAt(this.index) !== 0x3a /* : */) {
        this.syntax(`expected ":" after a key, found ${this.describeNext()}`);
      }
      this.index += 1;
      this.skipWhitespace();
      this.path.push(key);
      const value = this.value();
      this.path.pop();
      if (Object.hasOwn(out, key)) {
        // Positions cost a scan of the text: give them for the problems that get printed.
        const where =
          this.duplicates.length < LIMITS.problemsShown
            ? ` (first at ${this.position(keyIndexes.get(key))}, again at ${this.position(keyIndex)})`
            : '';
        this.duplicates.push({
          file: this.file,
          path: formatPath([...this.path, key]),
          message: `duplicate key${where}; keep one`,
        });
      } else {
        keyIndexes.set(key, keyIndex);
        // A plain assignment of "__proto__" would replace the prototype instead.
        Object.defineProperty(out, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.index);
      this.index += 1;
      if (next === 0x7d /* } */) return out;
      if (next !== 0x2c /* , */) {
        this.index -= 1;
        this.syntax(`expected "," or "}" in an object, found ${this.describeNext()}`);
      }
      this.skipWhitespace();
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.index += 1;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.index) === 0x5d /* ] */) {
      this.index += 1;
      return out;
    }
    for (;;) {
      this.path.push(out.length);
      out.push(this.value());
      this.path.pop();
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.index);
      this.index += 1;
      if (next === 0x5d /* ] */) return out;
      if (next !== 0x2c /* , */) {
        this.index -= 1;
        this.syntax(`expected "," or "]" in a list, found ${this.describeNext()}`);
      }
      this.skipWhitespace();
    }
  }

  private string(): string {
    const text = this.text;
    const start = this.index;
    this.index += 1;
    let out = '';
    let chunk = this.index;
    for (;;) {
      if (this.index >= text.length) this.syntax('unterminated text', start);
      const code = text.charCodeAt(this.index);
      if (code === 0x22) {
        out += text.slice(chunk, this.index);
        this.index += 1;
        return out;
      }
      if (code < 0x20) {
        this.syntax('a raw control character inside a text (write it as an escape)');
      }
      if (code !== 0x5c /* \ */) {
        this.index += 1;
        continue;
      }
      out += text.slice(chunk, this.index);
      const escape = text[this.index + 1];
      if (escape !== undefined && Object.hasOwn(SIMPLE_ESCAPES, escape)) {
        out += SIMPLE_ESCAPES[escape];
        this.index += 2;
      } else if (
        escape === 'u' &&
        /^[0-9a-fA-F]{4}$/.test(text.slice(this.index + 2, this.index + 6))
      ) {
        out += String.fromCharCode(parseInt(text.slice(this.index + 2, this.index + 6), 16));
        this.index += 6;
      } else {
        this.syntax('an invalid escape sequence');
      }
      chunk = this.index;
    }
  }

  private number(): number {
    const match = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    match.lastIndex = this.index;
    const found = match.exec(this.text);
    if (!found) this.syntax('an invalid number');
    this.index += found[0].length;
    return Number(found[0]);
  }
}

/** Parses JSON text strictly, reporting every duplicate key with its key path. */
export function parseStrictJson(text: string, file: string): unknown {
  return new JsonReader(text, file).read();
}

/** A dictionary file's bytes → its JSON value: size limit, strict UTF-8, strict JSON. */
export function parseDictionaryFile(bytes: Uint8Array, file: string): unknown {
  if (bytes.length > LIMITS.fileBytes) {
    fail(
      file,
      `file is too large (${bytes.length} bytes; at most ${LIMITS.fileBytes} bytes, ${LIMITS.fileBytes / 1024 / 1024} MiB)`,
    );
  }
  return parseStrictJson(decodeUtf8File(bytes, file), file);
}
