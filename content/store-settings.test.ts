import { describe, expect, it } from 'vitest';
import { readContentSettings, SettingsError } from './store-settings';

describe('readContentSettings', () => {
  it('uses the local store without any SANITY_* setting', () => {
    expect(readContentSettings({}, 'write')).toEqual({
      kind: 'local',
      file: '.content/production.ndjson',
    });
  });
  it('uses Sanity when fully configured', () => {
    expect(
      readContentSettings(
        { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production', SANITY_API_TOKEN: 't' },
        'write',
      ),
    ).toMatchObject({ kind: 'sanity', projectId: 'abc123', dataset: 'production', token: 't' });
  });
  it('reads a public dataset without a token', () => {
    expect(
      readContentSettings({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' }, 'read'),
    ).toMatchObject({
      kind: 'sanity',
    });
  });
  it.each([
    [{ SANITY_PROJECT_ID: 'abc123' }, 'read', 'SANITY_DATASET is missing'],
    [{ SANITY_DATASET: 'production' }, 'read', 'SANITY_PROJECT_ID is missing'],
    [
      { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' },
      'write',
      'SANITY_API_TOKEN (a token with write access) is missing',
    ],
    [{ SANITY_API_TOKEN: 'x' }, 'read', 'SANITY_PROJECT_ID and SANITY_DATASET are missing'],
  ] as const)('half-configured %j is an error', (env, purpose, message) => {
    expect(() => readContentSettings(env, purpose)).toThrow(SettingsError);
    expect(() => readContentSettings(env, purpose)).toThrow(message);
  });
});
