import { describe, expect, it } from 'vitest';
import { copyStyleWarnings } from './copy-style';

const footer = (name: string) => ({
  brand: { name: 'RG Games', homeUrl: '/', tagline: '' },
  sections: [{ header: 'Rechtliches', links: [{ name, url: '/terms-and-conditions' }] }],
  social: { header: '', links: [] },
  copyrightTemplate: '© {year} {brand}',
});

describe('copy style warnings', () => {
  it('names the file, the key path and what is wrong', () => {
    const json = { ...footer('Kontakt'), copyrightTemplate: 'Wir schreiben Ihnen {year}' };
    expect(copyStyleWarnings('de', 'footer', json, 'locales/de/footer.json')).toEqual([
      {
        file: 'locales/de/footer.json',
        path: 'copyrightTemplate',
        message: '"Ihnen": formal address; the site says "du"',
      },
    ]);
  });

  it('flags the formal German address mid-sentence, not "sie" meaning "they"', () => {
    const json = (tagline: string) => ({ ...footer('Kontakt'), brand: { name: 'RG', tagline } });
    const messages = (tagline: string) =>
      copyStyleWarnings('de', 'footer', json(tagline), 'f').map((w) => w.message);
    expect(messages('Wenn Sie Fragen haben, schreiben Sie uns an Ihre Adresse.')).toEqual([
      '"Sie": formal address; the site says "du"',
      '"Sie": formal address; the site says "du"',
      '"Ihre": formal address; the site says "du"',
    ]);
    expect(
      messages('Die Einträge bleiben lokal. Sie enthalten nichts, was dich identifiziert.'),
    ).toEqual([]);
  });

  it('flags the informal Turkish address and words too long for a phone line', () => {
    const json = { ...footer('Kullanım koşulları'), copyrightTemplate: 'Sana yazıyoruz {year}' };
    expect(copyStyleWarnings('tr', 'footer', json, 'f').map((w) => w.path)).toEqual([
      'copyrightTemplate',
    ]);
    const long = { ...footer('Auftragsverarbeitungsbedingungen') };
    expect(copyStyleWarnings('de', 'footer', long, 'f')[0]?.message).toMatch(/32 letters/);
  });

  it('compares Turkish words in Turkish casing (İ is the capital of i, I of ı)', () => {
    const json = { ...footer('Kontakt'), copyrightTemplate: 'SENİN İÇİN {year}' };
    expect(copyStyleWarnings('tr', 'footer', json, 'f').map((w) => w.message)).toEqual([
      '"SENİN": informal address; the site says "siz"',
    ]);
  });

  it('leaves search keywords alone (synonyms on purpose)', () => {
    const json = {
      meta: { title: 'Nutzungsbedingungen', keywords: ['AGB für Sie'] },
      title: 'Nutzungsbedingungen',
      sections: [],
    };
    expect(copyStyleWarnings('de', 'termsAndConditions', json, 'f')).toEqual([]);
  });
});
