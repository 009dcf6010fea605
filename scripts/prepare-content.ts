/**
 * Before build, dev and start: with no Sanity settings, load the bundled copy into the
 * embedded store when it is empty (or the dictionaries it lacks, added since it was filled);
 * then say which namespaces of `locales/` differ from the store. Then check every dictionary the
 * site will serve: copy that fails stops the build here, with every problem named.
 */
import '@/scripts/load-env';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { runScript } from '@/content/cli';
import { localesDriftNote } from '@/content/drift';
import { fillEmbeddedStore } from '@/content/import-locales';
import { versionsFolder } from '@/content/swap-folder';
import { publishStore } from '@/content/published';
import { openContentStore } from '@/content/store';
import { ContentError } from '@/schemas/problems';

process.exitCode = await runScript(async () => {
  const store = openContentStore('read');
  console.log(`content store: ${store.description}`);
  const filled = store.kind === 'local' ? await fillEmbeddedStore(store) : undefined;
  if (filled) console.log(filled);
  const note = await localesDriftNote(store, 'locales');
  if (note) console.log(note);
  const { namespaces, problems } = await publishStore(store, { strict: false });
  if (problems.length) throw new ContentError(problems);
  // Earlier builds exported here; Next would serve those files instead of the live route.
  const stale = path.join('public', 'locales');
  if (existsSync(stale)) {
    await rm(stale, { recursive: true, force: true });
    await rm(versionsFolder(stale), { recursive: true, force: true });
    console.log(`removed ${stale}/ (an older export): /locales is now served from the store.`);
  }
  console.log(
    `${namespaces.length} dictionaries pass; the site reads them from the content store.`,
  );
});
