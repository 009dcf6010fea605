import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zip } from './zip';

/** Reads an archive back through its central directory, as unzip does. */
function unzip(archive: Uint8Array): Record<string, string> {
  const buffer = Buffer.from(archive);
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i += 1) {
    expect(buffer.readUInt32LE(at)).toBe(0x02014b50);
    const method = buffer.readUInt16LE(at + 10);
    const checksum = buffer.readUInt32LE(at + 16);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const localName = buffer.readUInt16LE(local + 26);
    const start = local + 30 + localName + buffer.readUInt16LE(local + 28);
    const stored = buffer.subarray(start, start + size);
    const data = method === 8 ? inflateRawSync(stored) : stored;
    expect(crc32(data)).toBe(checksum);
    files[name] = data.toString('utf8');
    at += 46 + nameLength;
  }
  return files;
}

describe('zip', () => {
  it('writes an archive that reads back with the same files and checksums', () => {
    const repeated = 'Pressekit '.repeat(200);
    const archive = zip([
      { name: 'kit/fact-sheet-tr.html', data: new TextEncoder().encode('İletişim – ğüş') },
      { name: 'kit/long.txt', data: new TextEncoder().encode(repeated) },
    ]);
    expect(unzip(archive)).toEqual({
      'kit/fact-sheet-tr.html': 'İletişim – ğüş',
      'kit/long.txt': repeated,
    });
    // Deflated where it helps: 2,000 repeated characters take far less room.
    expect(archive.length).toBeLessThan(500);
  });

  it('is the same archive for the same files', () => {
    const files = [{ name: 'a.txt', data: new Uint8Array([1, 2, 3]) }];
    expect(zip(files)).toEqual(zip(files));
  });
});
