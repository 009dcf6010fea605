import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { confirmationMail } from './confirmation-mail';

const texts = (language: string) =>
  (
    JSON.parse(
      readFileSync(`locales/${language}/newsletter.json`, 'utf8'),
    ) as DictionaryOf<'newsletter'>
  ).confirmationMail;
const link = 'https://rggames.example/de/newsletter/confirm?token=abc_DEF-123';

describe('the confirmation mail', () => {
  it('is written in the visitor’s language from the dictionary, with the link in both parts', () => {
    const de = texts('de');
    const mail = confirmationMail({ texts: de, language: 'de', site: 'rggames.example', link });
    expect(mail.subject).toBe(de.subject);
    expect(mail.text.split('\n\n')).toEqual([
      de.greeting,
      de.intro.replace('{site}', 'rggames.example'),
      `${de.button}:\n${link}`,
      de.validity.replace('{hours}', '48'),
      de.ignore.replace('{hours}', '48'),
      `-- \n${de.signature!.replace('{site}', 'rggames.example')}`,
    ]);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain(`>${de.button}</a>`);
    // No pictures and no other links: nothing that tracks or advertises.
    expect(mail.html).not.toMatch(/<img|<script/i);
    expect(mail.html.match(/href=/g)).toHaveLength(1);
  });

  it.each(LANGUAGES)('fills every placeholder in %s', (language) => {
    const mail = confirmationMail({
      texts: texts(language),
      language,
      site: 'rggames.example',
      link,
    });
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
  });

  it('escapes what editors write, and leaves out blank optional texts', () => {
    const mail = confirmationMail({
      texts: { ...texts('en'), intro: 'Click <b>here</b> & "now"', greeting: ' ', signature: '' },
      language: 'en',
      site: 'rggames.example',
      link,
    });
    expect(mail.html).toContain('Click &lt;b&gt;here&lt;/b&gt; &amp; &quot;now&quot;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text.startsWith('Click <b>here</b>')).toBe(true);
    expect(mail.text).not.toContain('-- ');
  });
});
