import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { normaliseNewsletter } from '@/web/sections/section-models';
import { CONSENT_VERSION_PATTERN, consentText, consentVersion } from './signup-consent-text';

const bundled = (language: string) =>
  JSON.parse(
    readFileSync(`locales/${language}/newsletter.json`, 'utf8'),
  ) as DictionaryOf<'newsletter'>;

describe('the consent text version', () => {
  it('is 16 hex digits, different per language, and the same for the page and the server', () => {
    const versions = ['en', 'de', 'tr'].map((language) => {
      const dictionary = bundled(language);
      const fromDictionary = consentVersion(consentText(dictionary));
      // The page computes it from the section's model (blank texts left out).
      expect(consentVersion(consentText(normaliseNewsletter(dictionary)!))).toBe(fromDictionary);
      return fromDictionary;
    });
    for (const version of versions) expect(version).toMatch(CONSENT_VERSION_PATTERN);
    expect(new Set(versions).size).toBe(3);
  });

  it('changes with any text the visitor reads next to the button, not with other texts', () => {
    const de = bundled('de');
    const version = consentVersion(consentText(de));
    const changed = (form: Partial<typeof de.form>, rest: Partial<typeof de> = {}) =>
      consentVersion(consentText({ ...de, ...rest, form: { ...de.form, ...form } }));
    expect(changed({ privacyNote: `${de.form.privacyNote} Mehr.` })).not.toBe(version);
    expect(changed({ buttonLabel: 'Eintragen' })).not.toBe(version);
    expect(changed({}, { description: 'Anders.' })).not.toBe(version);
    expect(changed({ placeholder: 'x@y.de' }), 'the placeholder is no consent text').toBe(version);
    expect(changed({ privacyNote: ` ${de.form.privacyNote}  ` }), 'trimmed as shown').toBe(version);
  });

  it('is computed from the texts as shown: what a preview encodes is removed first', () => {
    const de = bundled('de');
    const encoded = { ...de, title: `${de.title}\u200b\u200c` };
    const strip = (text: string) => text.replace(/[\u200b\u200c]/g, '');
    expect(consentVersion(consentText(encoded, strip))).toBe(consentVersion(consentText(de)));
  });
});
