/** npm run import-locales -- [--from <dir>] [--dry-run] */
import { parseArgs } from 'node:util';
import { runScript } from '@/content/cli';
import { importLocales } from '@/content/import-locales';
import { createPublishWebhookSender, describeDelivery } from '@/content/publish-webhook';
import { formatTable } from '@/content/report';
import { openContentStore } from '@/content/store';
import { documentId, documentType } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: 'locales' },
    'dry-run': { type: 'boolean', default: false },
  },
});

await runScript(async () => {
  const store = openContentStore(values['dry-run'] ? 'read' : 'write');
  // Read before writing, so a malformed setting stops the script before the store changes.
  const notifySite = createPublishWebhookSender();
  console.log(`content store: ${store.description}`);
  const result = await importLocales(store, { from: values.from, dryRun: values['dry-run'] });
  const header = [
    'namespace',
    ...LANGUAGES.flatMap((l) => [`${l} texts`, `${l} missing`, `${l} +/~/-`]),
  ];
  const rows = result.namespaces.map(({ namespace, languages }) => [
    namespace,
    ...LANGUAGES.flatMap((l) => {
      const { texts, missing, changes } = languages[l];
      return [texts, missing, `${changes.added}/${changes.changed}/${changes.removed}`];
    }),
  ]);
  console.log(formatTable(header, rows));
  const changed = result.namespaces.filter((n) => n.changed).map((n) => n.namespace);
  const texts = result.namespaces.reduce(
    (sum, n) =>
      sum +
      LANGUAGES.reduce(
        (s, l) =>
          s +
          n.languages[l].changes.added +
          n.languages[l].changes.changed +
          n.languages[l].changes.removed,
        0,
      ),
    0,
  );
  if (values['dry-run']) {
    console.log(
      `dry run: ${changed.length} document(s) would change (${texts} text changes); nothing written.`,
    );
  } else {
    console.log(
      `${result.written} document(s) written, ${texts} text changes${changed.length ? `: ${changed.join(', ')}` : ''}.`,
    );
    if (!notifySite) {
      if (changed.length)
        console.log(
          'no SITE_REVALIDATE_URL: a running site shows the change after its next build.',
        );
      return;
    }
    if (!changed.length) return;
    const deliveries = await notifySite(
      changed.map((namespace) => ({ _id: documentId(namespace), _type: documentType(namespace) })),
    );
    console.log(`publish webhook to ${process.env.SITE_REVALIDATE_URL}:`);
    for (const delivery of deliveries) console.log(`  ${describeDelivery(delivery)}`);
    if (deliveries.some((delivery) => delivery.status !== 200))
      console.warn(
        'the store is updated, but the site did not take every change (see above); it shows them after its next build or a successful webhook.',
      );
  }
});
