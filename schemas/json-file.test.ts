import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeUtf8File,
  invalidUtf8Offset,
  parseDictionaryFile,
  parseStrictJson,
} from './json-file';
import { LANGUAGES } from './languages';
import { problemsOf } from '@/testing/content-problems';

const file = 'locales/de/hero.json';

describe('strict UTF-8', () => {
  it.each([
    ['Latin-1 ü', [0x7b, 0x22, 0xfc, 0x22, 0x7d], 2],
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['an overlong "/"', [0xc0, 0xaf], 0],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf], 0],
    ['an encoded surrogate', [0x61, 0xed, 0xa0, 0x80], 1],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a truncated sequence', [0x61, 0x62, 0xe2, 0x82], 2],
    ['0xFF', [0xff], 0],
  ])('finds %s at its byte offset', (_, bytes, offset) => {
    expect(invalidUtf8Offset(Uint8Array.from(bytes))).toBe(offset);
    expect(problemsOf(() => decodeUtf8File(Uint8Array.from(bytes), file))[0]).toContain(
      `at byte offset ${offset} (line 1)`,
    );
  });

  it('accepts every valid form, from ASCII to four-byte characters', () => {
    const text = 'a ü € 𝄞 İstanbul Straße';
    const bytes = new TextEncoder().encode(text);
    expect(invalidUtf8Offset(bytes)).toBe(-1);
    expect(decodeUtf8File(bytes, file)).toBe(text);
  });

  it('names the line of a bad byte further down', () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('{\n"a":\n"'), 0xe4, 0x22, 0x7d]);
    expect(problemsOf(() => decodeUtf8File(bytes, file))).toEqual([
      'locales/de/hero.json: is not valid UTF-8: byte 0xE4 at byte offset 8 (line 3); save the file as UTF-8 (was it saved as Latin-1 or Windows-1252?)',
    ]);
  });

  it.each([
    [[0xef, 0xbb, 0xbf, 0x7b, 0x7d], 'starts with a byte-order mark (BOM)'],
    [[0xff, 0xfe, 0x7b, 0x00], 'starts with a UTF-16 (little-endian) byte-order mark'],
    [[0xfe, 0xff, 0x00, 0x7b], 'starts with a UTF-16 (big-endian) byte-order mark'],
    [[0xff, 0xfe, 0x00, 0x00], 'starts with a UTF-32 (little-endian) byte-order mark'],
    [[0x7b, 0x00, 0x7d, 0x00], 'has a NUL byte at byte offset 1'],
  ])('rejects %j', (bytes, message) => {
    expect(problemsOf(() => decodeUtf8File(Uint8Array.from(bytes), file))[0]).toContain(message);
  });
});

describe('strict JSON', () => {
  it('reads every bundled dictionary exactly as JSON.parse does', () => {
    for (const language of LANGUAGES) {
      for (const name of readdirSync(path.join('locales', language))) {
        const text = readFileSync(path.join('locales', language, name), 'utf8');
        expect(parseStrictJson(text, name), name).toEqual(JSON.parse(text));
      }
    }
  });

  it('reads escapes, numbers and literals', () => {
    const text =
      '{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00fc\\ud834\\udd1e","n":[-0.5e2,0,12],"t":true,"f":false,"z":null}';
    expect(parseStrictJson(text, file)).toEqual(JSON.parse(text));
  });

  it('reports every duplicate key with its key path and both positions', () => {
    const text = '{\n "items": [{"q": 1}, {"q": 2,\n "q": 3}],\n "items": []\n}';
    expect(problemsOf(() => parseStrictJson(text, file))).toEqual([
      'locales/de/hero.json → items[1].q: duplicate key (first at line 2, column 23, again at line 3, column 2); keep one',
      'locales/de/hero.json → items: duplicate key (first at line 2, column 2, again at line 4, column 2); keep one',
    ]);
  });

  it('keeps "__proto__" an ordinary key, never the prototype', () => {
    const value = parseStrictJson('{"__proto__": {"polluted": true}}', file) as object;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['', 'file is empty'],
    ['  \n ', 'file is empty'],
    [
      '{"a": 1',
      'not valid JSON: expected "," or "}" in an object, found end of file at line 1, column 8',
    ],
    ['{"a": 1} x', 'not valid JSON: unexpected text after the JSON value at line 1, column 10'],
    ["{'a': 1}", `not valid JSON: expected a key in double quotes, found "'" at line 1, column 2`],
    ['{"a": [1,]}', 'not valid JSON: expected a value, found "]" at line 1, column 10'],
    ['{"a": 01}', 'not valid JSON: expected "," or "}" in an object, found "1"'],
    ['{"a": "x\ty"}', 'not valid JSON: a raw control character inside a text'],
    ['{"a": "\\x"}', 'not valid JSON: an invalid escape sequence'],
    ['{"a": NaN}', 'not valid JSON: expected a value, found "N"'],
    ['{"a": "open', 'not valid JSON: unterminated text at line 1, column 7'],
  ])('rejects %j', (text, message) => {
    expect(problemsOf(() => parseStrictJson(text, file))[0]).toContain(`${file}: ${message}`);
  });

  it('refuses nesting deeper than the limit, naming where', () => {
    const text = `{"a": ${'['.repeat(200)}${']'.repeat(200)}}`;
    expect(problemsOf(() => parseStrictJson(text, file))[0]).toMatch(
      /^locales\/de\/hero\.json → a(\[0\]){63}: nested more than 64 levels deep$/,
    );
  });

  it('refuses a file over the size limit before decoding it', () => {
    expect(
      problemsOf(() => parseDictionaryFile(new Uint8Array(2 * 1024 * 1024 + 1), file)),
    ).toEqual([
      'locales/de/hero.json: file is too large (2097153 bytes; at most 2097152 bytes, 2 MiB)',
    ]);
  });
});
