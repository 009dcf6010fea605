import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { breakable } from './breakable';

const html = (text: string) => renderToStaticMarkup(<p>{breakable(text)}</p>);

describe('breakable addresses', () => {
  it('lets an e-mail address wrap after @ and a web address after each /', () => {
    expect(html('Schreib an publishing@rggames.example.')).toBe(
      '<p>Schreib an publishing@<wbr/>rggames.example.</p>',
    );
    expect(html('store.steampowered.com/developer/rggames')).toBe(
      '<p>store.steampowered.com/<wbr/>developer/<wbr/>rggames</p>',
    );
  });

  it('keeps the text between the breaks in one piece (no separator comments in the HTML)', () => {
    expect(renderToString(<p>{breakable('GDPR Art. 6/1-f, privacy@rggames.example.')}</p>)).toBe(
      '<p>GDPR Art. 6/<wbr/>1-f, privacy@<wbr/>rggames.example.</p>',
    );
  });

  it('leaves other text as it is', () => {
    expect(html('Keine Adresse – nur Text.')).toBe('<p>Keine Adresse – nur Text.</p>');
  });
});
