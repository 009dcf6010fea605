/**
 * The site keeps every version that goes live (content/versions): the webhook receiver
 * calls this once the gate has let a published document through. It keeps the document
 * now served and, when it is not kept yet, the one it replaces (so the first publish after
 * a build also keeps the version the build went live with). It never throws: the publish
 * is live either way, and a record that could not be written is logged.
 */
import 'server-only';
import type { GateResult } from '@/content/gate';
import { readContentSettings } from '@/content/store-settings';
import { keepVersions, type LiveVersion } from '@/content/versions/keep';
import { openVersionsBackend } from '@/content/versions/open';
import type { VersionsBackend } from '@/content/versions/restore';
import { documentId } from '@/schemas';

const HOLDER = 'the site (keeping published versions)';

// One backend per process, shared by every route bundle (as the gate is).
const KEY = Symbol.for('rg.site.versions');

function backend(): VersionsBackend | Error {
  const holder = globalThis as { [KEY]?: VersionsBackend | Error };
  if (!holder[KEY]) {
    try {
      holder[KEY] = openVersionsBackend(readContentSettings(process.env, 'read'), HOLDER);
    } catch (error) {
      holder[KEY] = error as Error;
      console.warn(`versions: published versions are not kept: ${(error as Error).message}`);
    }
  }
  return holder[KEY];
}

export async function keepLiveVersion(
  result: GateResult,
  delivery: { readonly publishedBy: string | null },
): Promise<void> {
  if (result.state !== 'live' || !result.document) return;
  const versions = backend();
  if (versions instanceof Error) return;
  const live: LiveVersion[] = [];
  if (result.replaced?.document)
    live.push({
      namespace: result.namespace,
      document: result.replaced.document,
      liveAt: result.replaced.savedAt,
      publishedBy: null,
    });
  live.push({
    namespace: result.namespace,
    document: result.document,
    liveAt: new Date().toISOString(),
    publishedBy: delivery.publishedBy,
  });
  try {
    await keepVersions(versions, live);
  } catch (error) {
    console.warn(
      `versions: could not keep the version of ${documentId(result.namespace)} that went live (${(error as Error).message}); it is live, but cannot be restored from the versions list.`,
    );
  }
}
