/**
 * The versions backend for the store the settings name (Node: the site and the command).
 * A Sanity project needs a token that may write: the records are private documents, and a
 * restore writes the dictionaries.
 */
import { LocalStore } from '../local-store';
import { sanityClientFor, sanityStoreDescription } from '../sanity-store';
import { SettingsError, type ContentSettings } from '../store-settings';
import { LocalVersions } from './local-versions';
import type { VersionsBackend } from './restore';
import { SanityVersions } from './sanity-versions';

export function openVersionsBackend(
  settings: ContentSettings,
  /** Who writes, named to a writer that has to wait for the store lock. */
  holder: string,
): VersionsBackend {
  if (settings.kind === 'local') return new LocalVersions(new LocalStore(settings.file), holder);
  if (!settings.token)
    throw new SettingsError(
      'Keeping and restoring versions in a Sanity project needs SANITY_API_TOKEN: a token with write access (Editor), server-side only. See docs/versions.md.',
    );
  return new SanityVersions(sanityClientFor(settings), sanityStoreDescription(settings));
}
