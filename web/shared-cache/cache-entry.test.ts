import { describe, expect, it } from 'vitest';
import { isCurrent, parseEntry, serializeEntry, type StoredEntry } from './cache-entry';

const page: StoredEntry = {
  id: 'write-1',
  lastModified: 1_700_000_000_000,
  tokens: { 'dictionary:hero': 'token-1' },
  cacheControl: { revalidate: false },
  value: {
    kind: 'APP_PAGE',
    html: '<html lang="de">…</html>',
    rscData: Buffer.from([0, 1, 2, 255]),
    segmentData: new Map([['/_tree', Buffer.from('segment')]]),
    headers: { 'x-next-cache-tags': 'dictionary:hero,_N_T_/de' },
    status: 200,
  },
};
const KEY = '/route-cache/APP_PAGE/abc/$/de';

describe('a shared cache entry', () => {
  it('comes back with its bytes and maps as Next stored them', () => {
    const read = parseEntry(serializeEntry('build-1', KEY, page), 'build-1', KEY, 'APP_PAGE');
    expect(read).toEqual({ ok: true, entry: page });
    if (!read.ok) return;
    expect(Buffer.isBuffer(read.entry.value?.rscData)).toBe(true);
    expect(read.entry.value?.segmentData).toBeInstanceOf(Map);
  });

  it('is a miss when it is not this build’s, not this key’s, of another kind, or not an entry', () => {
    const text = serializeEntry('build-1', KEY, page);
    expect(parseEntry(text, 'build-2', KEY, 'APP_PAGE')).toEqual({
      ok: false,
      reason: 'from another build (build-1)',
    });
    expect(parseEntry(text, 'build-1', `${KEY}/about`, 'APP_PAGE')).toMatchObject({ ok: false });
    expect(parseEntry(text, 'build-1', KEY, 'FETCH')).toMatchObject({ ok: false });
    expect(parseEntry(text.slice(0, 100), 'build-1', KEY, 'APP_PAGE')).toEqual({
      ok: false,
      reason: 'not JSON',
    });
    expect(parseEntry('{"kind":"APP_PAGE"}', 'build-1', KEY, 'APP_PAGE')).toMatchObject({
      ok: false,
    });
    const noHtml = text.replace('"html":', '"htm":');
    expect(parseEntry(noHtml, 'build-1', KEY, 'APP_PAGE')).toEqual({
      ok: false,
      reason: 'not a readable APP_PAGE entry',
    });
  });

  it('keeps a not-found page (null) but never an empty data entry', () => {
    const empty = { ...page, value: null };
    expect(parseEntry(serializeEntry('b', KEY, empty), 'b', KEY, 'APP_PAGE')).toMatchObject({
      ok: true,
      entry: { value: null },
    });
    expect(parseEntry(serializeEntry('b', KEY, empty), 'b', KEY, 'FETCH')).toMatchObject({
      ok: false,
    });
  });

  it('is current only while each of its tags has the token it was rendered under', () => {
    const tags = ['dictionary:hero', '_N_T_/de'];
    expect(isCurrent(page.tokens, { 'dictionary:hero': 'token-1' }, tags)).toBe(true);
    expect(isCurrent(page.tokens, { 'dictionary:hero': 'token-2' }, tags)).toBe(false);
    // Redis lost its tokens: the entry is stale, rendered again, never served as current.
    expect(isCurrent(page.tokens, {}, tags)).toBe(false);
    expect(isCurrent({}, { '_N_T_/de': 'new' }, tags)).toBe(false);
    expect(isCurrent({}, { 'dictionary:footer': 'x' }, tags)).toBe(true);
  });
});
