/**
 * Before build, dev and start: with no Sanity settings, load the bundled copy into the
 * embedded store when it is empty; otherwise say which namespaces of `locales/` differ
 * from the store. Then check every dictionary the site will serve: copy that fails stops
 * the build here, with every problem named.
 */
import '@/scripts/load-env';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { runScript } from '@/content/cli';
import { localesDriftNote } from '@/content/drift';
import { importLocales } from '@/content/import-locales';
import { versionsFolder } from '@/content/swap-folder';
import { publishStore } from '@/content/published';
import { openContentStore } from '@/content/store';
import { ContentError } from '@/schemas/problems';

process.exitCode = await runScript(async () => {
  const store = openContentStore('read');
  console.log(`content store: ${store.description}`);
  if (store.kind === 'local' && (await store.fetchDictionaries()).length === 0) {
    const result = await importLocales(store, { from: 'locales', dryRun: false });
    console.log(
      `embedded store was empty: imported the bundled copy (${result.written} documents).`,
    );
  } else {
    const note = await localesDriftNote(store, 'locales');
    if (note) console.log(note);
  }
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
