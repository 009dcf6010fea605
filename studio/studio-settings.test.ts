import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStudioSettings, StudioSettingsError } from './studio-settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-studio-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readStudioSettings', () => {
  it('runs against the local API when no project is set anywhere', () => {
    expect(readStudioSettings({}, dir)).toMatchObject({
      projectId: undefined,
      dataset: 'production',
      studioPort: 3333,
      apiPort: 3334,
    });
  });

  it('reads studio/.env, with studio/.env.local and then the shell taking precedence', async () => {
    await writeFile(
      path.join(dir, '.env'),
      'SANITY_STUDIO_PROJECT_ID=fromfile\nSANITY_STUDIO_DATASET=staging\n',
    );
    expect(readStudioSettings({}, dir)).toMatchObject({
      projectId: 'fromfile',
      dataset: 'staging',
    });
    await writeFile(path.join(dir, '.env.local'), 'SANITY_STUDIO_DATASET=local-copy\n');
    expect(readStudioSettings({}, dir).dataset).toBe('local-copy');
    expect(readStudioSettings({ SANITY_STUDIO_PROJECT_ID: 'fromshell' }, dir).projectId).toBe(
      'fromshell',
    );
  });

  it('names a malformed setting', async () => {
    await writeFile(path.join(dir, '.env'), 'SANITY_STUDIO_PROJECT_ID=Not A Project\n');
    expect(() => readStudioSettings({}, dir)).toThrow(StudioSettingsError);
    expect(() => readStudioSettings({}, dir)).toThrow(
      /must be a Sanity project id[\s\S]*SANITY_STUDIO_PROJECT_ID/,
    );
  });
});
