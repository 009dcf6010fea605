/**
 * The secret publish webhooks are signed with: SANITY_REVALIDATE_SECRET when it is set.
 *
 * Without it, and only with the local store, a site and the tools on the same machine
 * share a random secret kept beside the dataset file (`.content/webhook-secret`), so that
 * `npm start` and `npm run studio` work together with no settings. A sender makes it the
 * first time it needs it (readable by this user only); the site reads it on every
 * delivery and never makes it, so until a sender has made it the site refuses every
 * delivery. Whoever can read the file can also write the dataset beside it, so it guards
 * the webhook as well as the store itself is guarded. A Sanity store never falls back:
 * there the secret must be set, and without it the site answers 401 to every delivery.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readTextIfPresent, temporaryPathFor } from './atomic-file';
import { readContentSettings, SettingsError } from './store-settings';

export interface WebhookSecret {
  readonly secret: string;
  /** Where it came from: the setting, or the local store's secret file. */
  readonly source: 'SANITY_REVALIDATE_SECRET' | { readonly file: string };
}

/** The local store's shared secret lives beside its dataset file. */
export function localWebhookSecretFile(storeFile: string): string {
  return path.join(path.dirname(storeFile), 'webhook-secret');
}

/** The dataset file when the store is local; undefined for Sanity or unusable settings. */
function localStoreFile(env: Record<string, string | undefined>): string | undefined {
  try {
    const settings = readContentSettings(env, 'read');
    return settings.kind === 'local' ? settings.file : undefined;
  } catch (error) {
    // Half-configured Sanity settings are not the local store: no fall-back.
    if (error instanceof SettingsError) return undefined;
    throw error;
  }
}

function setting(env: Record<string, string | undefined>): string | undefined {
  return env.SANITY_REVALIDATE_SECRET?.trim() || undefined;
}

/** A secret file that exists but holds nothing usable counts as absent. */
function usable(text: string): string | undefined {
  const secret = text.trim();
  return secret.length >= 32 ? secret : undefined;
}

/**
 * The site's side: the secret it checks deliveries with, or undefined (every delivery is
 * then refused). Reads the file each time, so a secret made after the site started counts.
 */
export async function siteWebhookSecret(
  env: Record<string, string | undefined>,
): Promise<WebhookSecret | undefined> {
  const fromSetting = setting(env);
  if (fromSetting) return { secret: fromSetting, source: 'SANITY_REVALIDATE_SECRET' };
  const storeFile = localStoreFile(env);
  if (!storeFile) return undefined;
  const file = localWebhookSecretFile(storeFile);
  const secret = usable((await readTextIfPresent(file)) ?? '');
  return secret ? { secret, source: { file } } : undefined;
}

/**
 * A sender's side: the secret to sign with. With the local store and no setting, the
 * shared secret file is made when missing. With Sanity and no setting: an error naming it.
 */
export function senderWebhookSecret(env: Record<string, string | undefined>): WebhookSecret {
  const fromSetting = setting(env);
  if (fromSetting) return { secret: fromSetting, source: 'SANITY_REVALIDATE_SECRET' };
  const storeFile = localStoreFile(env);
  if (!storeFile)
    throw new SettingsError(
      'SANITY_REVALIDATE_SECRET is missing: set the secret the site checks webhooks with (the one in the Sanity webhook).',
    );
  const file = localWebhookSecretFile(storeFile);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: a link never replaces an existing file, so of
  // two senders starting at once one makes the secret and both use it, and no reader
  // ever sees a half-written one.
  const temporary = temporaryPathFor(file);
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const secret = usable(readFileSync(file, 'utf8'));
  if (!secret)
    throw new SettingsError(
      `${file} does not hold a webhook secret (at least 32 characters): delete it and a new one is made, or set SANITY_REVALIDATE_SECRET.`,
    );
  return { secret, source: { file } };
}
