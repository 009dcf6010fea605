/** The legal pages' shared layout: sections, lists and nested subsections. */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { html } from '@/testing/render';
import { normaliseLegal } from './legal-model';
import { LegalPage } from './LegalPage';

describe('legal page', () => {
  const doc: DictionaryOf<'privacyPolicy'> = {
    meta: { title: 'Datenschutz' },
    title: 'Datenschutzerklärung',
    lastUpdated: '21. November 2026',
    intro: ['Einleitung.'],
    sections: [
      {
        heading: '1. Wer wir sind',
        body: ['Absatz'],
        items: ['Auskunft', 'Löschung'],
        ordered: true,
        subsections: [
          {
            heading: '1.1 Kontakt',
            items: ['E-Mail'],
            ordered: false,
            subsections: [{ heading: '1.1.1 Post', body: ['Adresse'] }],
          },
        ],
      },
      { heading: ' ', body: ['versteckt'] },
    ],
  };

  it('nests sections three levels deep with ordered and unordered lists', () => {
    const out = html(
      <LegalPage model={normaliseLegal(doc)!} lastUpdatedLabel="Zuletzt aktualisiert:" />,
    );
    expect(out).toMatch(
      /<h1 class="page-header__title" style="--fit:[\d.]+">Datenschutzerklärung<\/h1>/,
    );
    expect(out).toContain('Zuletzt aktualisiert: 21. November 2026');
    const plain = out.replace(/ style="--fit:[\d.]+"/g, '');
    expect(plain).toContain(
      '<h2>1. Wer wir sind</h2><p>Absatz</p><ol><li>Auskunft</li><li>Löschung</li></ol>',
    );
    expect(plain).toContain('<h3>1.1 Kontakt</h3><ul><li>E-Mail</li></ul>');
    expect(plain).toContain('<h4>1.1.1 Post</h4><p>Adresse</p>');
    expect(out).not.toContain('versteckt');
  });
});
