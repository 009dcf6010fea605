/** The not-found page, rendered on the server with its redirect for visitors without JavaScript. */
import { describe, expect, it } from 'vitest';
import { html, withRouter } from '@/testing/render';
import { normaliseErrorPage } from './page-models';
import { NotFoundPage } from './NotFoundPage';

describe('not-found page', () => {
  it('is server-rendered with a no-script refresh to the localised target after the delay', () => {
    const model = normaliseErrorPage({
      meta: { title: 'Nicht gefunden' },
      title: 'Dieses Level gibt es nicht',
      cta: { label: 'Zur Startseite', url: '/' },
      redirect: {
        seconds: 7,
        target: '/faq',
        message_one: 'Noch {seconds} Sekunde',
        message_other: 'Noch {seconds} Sekunden',
      },
    });
    const markup = html(withRouter(<NotFoundPage model={model} language="de" />));
    expect(markup).toContain('<noscript><meta http-equiv="refresh" content="7;url=/de/faq"/>');
    expect(markup).toContain('Noch 7 Sekunden');
  });

  it('never refreshes to another site', () => {
    const model = normaliseErrorPage({
      meta: { title: 'x' },
      title: 'x',
      cta: {},
      redirect: { seconds: 3, target: 'https://evil.example/' },
    });
    expect(html(withRouter(<NotFoundPage model={model} language="tr" />))).toContain(
      'content="3;url=/tr"',
    );
  });
});
