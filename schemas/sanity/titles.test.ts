/** A field named outside its form, as the Studio titles it. */
import { describe, expect, it } from 'vitest';
import { getDictionary } from '../index';
import { fieldTitles } from './titles';

describe('field titles', () => {
  it('names a field by the titles the Studio shows on the way to it', () => {
    expect(fieldTitles(getDictionary('hero'), 'title.main.de')).toEqual([
      'Title',
      'Main',
      'German',
    ]);
    expect(
      fieldTitles(
        getDictionary('privacyPolicy'),
        'sections[_key=="item1"].subsections[0].heading.tr',
      ),
    ).toEqual(['Sections 2', 'Subsections 1', 'Heading', 'Turkish']);
    expect(fieldTitles(getDictionary('error'), 'redirect.message.one.en')).toEqual([
      'Automatic redirect',
      'Message',
      'Form for one',
      'English',
    ]);
    // An entry added in the Studio has a random key: named by its list alone.
    expect(fieldTitles(getDictionary('faq'), 'items[_key=="a1b2c3"].question.de')).toEqual([
      'Questions',
      'Question',
      'German',
    ]);
    // A path the dictionary does not have stops where it leaves the shape.
    expect(fieldTitles(getDictionary('hero'), 'nothing.here')).toEqual([]);
  });
});
