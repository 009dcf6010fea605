/**
 * Whether a request is a preview is decided by the draft-mode cookie's exact name: cookie names
 * are case-sensitive (RFC 6265, 5.4 and 4.1.1), as they are to browsers and to Next itself,
 * so `__PRERENDER_BYPASS` is another cookie and gets nothing of a preview.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDraftModeRequest } from './preview-settings';

const ID = 'b5c0ffee0123456789abcdef01234567';
const distDir = mkdtempSync(path.join(tmpdir(), 'rg-draft-cookie-'));
writeFileSync(
  path.join(distDir, 'prerender-manifest.json'),
  JSON.stringify({ preview: { previewModeId: ID } }),
);

describe('the draft-mode cookie', () => {
  it.each([
    [`__prerender_bypass=${ID}`, true],
    [`consent=1; __prerender_bypass=${ID}`, true],
    [`__PRERENDER_BYPASS=${ID}`, false],
    [`__Prerender_Bypass=${ID}`, false],
    [`consent=1; __prerender_BYPASS=${ID}`, false],
    ['__prerender_bypass=forged', false],
    [`x__prerender_bypass=${ID}`, false],
    [undefined, false],
  ])('%s is a preview: %s', (cookie, preview) =>
    expect(isDraftModeRequest(cookie, distDir)).toBe(preview),
  );
});
