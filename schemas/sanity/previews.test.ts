/** What a text or a list entry shows as its title in the Studio's lists. */
import { describe, expect, it } from 'vitest';
import { itemPreview, localizedPreview } from './previews';

describe('Studio previews', () => {
  it('previews a text by its English, else German, else Turkish text, naming what is missing', () => {
    expect(localizedPreview({ en: 'Hello', de: 'Hallo', tr: 'Merhaba' })).toEqual({
      title: 'Hello',
    });
    expect(localizedPreview({ en: 'Hello', tr: '  ' })).toEqual({
      title: 'Hello',
      subtitle: 'missing: German, Turkish',
    });
    expect(localizedPreview({ en: '\u200B', de: 'Hallo\n  Welt', tr: 'Merhaba' })).toEqual({
      title: 'Hallo Welt',
      subtitle: 'shown in German · missing: English',
    });
    expect(localizedPreview({ tr: 'Merhaba' })).toEqual({
      title: 'Merhaba',
      subtitle: 'shown in Turkish · missing: English, German',
    });
    expect(localizedPreview({})).toEqual({ title: '(empty)' });
  });

  it('previews a list entry by its first text', () => {
    const section = itemPreview('heading');
    expect(section.select).toEqual({ en: 'heading.en', de: 'heading.de', tr: 'heading.tr' });
    expect(section.prepare({ en: 'Cookies' })).toEqual({
      title: 'Cookies',
      subtitle: 'missing: German, Turkish',
    });
    expect(section.prepare({})).toEqual({ title: '(empty heading)' });
  });
});
