import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { breakable } from '../ui/breakable';
import { resolveServerComponents } from '../site/server-tree';
import { foreignTextsOf, markForeignTexts } from './foreign-texts';

/** The `error` dictionary with its Turkish title and subtitle missing. */
const stored = {
  title: { en: 'This level doesn’t exist', de: 'Dieses Level gibt es nicht', tr: '' },
  subtitle: { en: 'Write to hello@rg.example/help', de: 'Schreib an hello@rg.example' },
  cta: { label: { en: 'Back home', de: 'Zur Startseite', tr: 'Ana sayfaya dön' } },
};

async function Title({ text }: { text: string }) {
  await Promise.resolve();
  return <h1 className="title">{text}</h1>;
}

async function page(language: 'de' | 'tr') {
  const foreign = new Map(foreignTextsOf('error', stored, language));
  const tree = (
    <main>
      <Title text={language === 'tr' ? stored.title.en : stored.title.de} />
      <p>{breakable(stored.subtitle.en)}</p>
      <p>
        {stored.title.en}
        <b>{stored.cta.label[language]}</b>
      </p>
      <script>{stored.title.en}</script>
    </main>
  );
  return renderToStaticMarkup(
    await resolveServerComponents(tree, markForeignTexts(foreign, language)),
  );
}

describe('texts shown in another language than the page', () => {
  it('are the fallbacks to English, with the language they are in', () => {
    expect(foreignTextsOf('error', stored, 'tr')).toEqual([
      [stored.title.en, 'en'],
      [stored.subtitle.en, 'en'],
    ]);
    expect(foreignTextsOf('error', stored, 'de')).toEqual([]);
    expect(foreignTextsOf('error', stored, 'en')).toEqual([]);
  });

  it('carry lang on the element that holds them, or a span of their own among others', async () => {
    const html = await page('tr');
    expect(html).toContain('<h1 class="title" lang="en">This level doesn’t exist</h1>');
    expect(html).toContain('<p lang="en">Write to hello@<wbr/>rg.example/<wbr/>help</p>');
    expect(html).toContain(
      '<p><span lang="en">This level doesn’t exist</span><b>Ana sayfaya dön</b></p>',
    );
    // Code is not read out: a script's text stays as it is.
    expect(html).toContain('<script>This level doesn’t exist</script>');
  });

  it('leave the texts in the page’s own language alone', async () => {
    const html = await page('de');
    expect(html).toContain('<h1 class="title">Dieses Level gibt es nicht</h1>');
    expect(html).toContain('<b>Zur Startseite</b>');
  });
});
