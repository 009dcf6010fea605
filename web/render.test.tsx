/**
 * Render tests for sections and pages: what a visitor sees (and does not see) for
 * complete and incomplete copy. Models come from the real normalisers.
 */
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { normaliseLegal } from '@/web/pages/legal-model';
import {
  normaliseCareers,
  normaliseContact,
  normalisePressKit,
  normalisePublishing,
} from '@/web/pages/models';
import {
  normaliseDiscord,
  normaliseFaq,
  normaliseHero,
  normalisePublisher,
} from '@/web/sections/models';
import { LegalPage } from './pages/LegalPage';
import { CareersPage, ContactPage, PressKitPage, PublishingPage } from './pages/pages';
import { DiscordSection, FaqSection, Hero, PublisherSection } from './sections/landing';
import type { UiContext } from './ui/context';

const ui: UiContext = {
  language: 'de',
  labels: {
    skipToContent: 'Zum Inhalt',
    opensInNewTab: 'öffnet in neuem Tab',
    lastUpdated: 'Zuletzt aktualisiert:',
  },
};
const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('hero', () => {
  const hero = (overrides: Partial<DictionaryOf<'hero'>> = {}): DictionaryOf<'hero'> => ({
    eyebrow: 'Studio & Verlag',
    title: { main: 'Spiele mit Haltung,', highlight: 'sorgfältig veröffentlicht.' },
    subtitle: 'Wir machen Spiele.',
    ctas: {
      primary: { label: 'Mit uns veröffentlichen', url: '/publishing' },
      secondary: { label: 'Discord', url: 'https://discord.gg/rggames' },
    },
    stats: [
      { label: 'Spiele', value: '9' },
      { label: 'Sprachen', value: '' },
    ],
    illustration: { alt: 'Pixel-Wohnblock bei Nacht' },
    ...overrides,
  });

  it('shows title with highlight, both buttons, complete stats and the artwork', () => {
    const out = html(<Hero model={normaliseHero(hero())!} ui={ui} />);
    expect(out).toMatch(
      // --fit: the widest word's width in em, which the heading's size is capped by.
      /<h1 id="hero-title" class="hero__title" style="--fit:\d+\.\d+">Spiele mit Haltung, <span class="highlight">sorgfältig veröffentlicht\.<\/span><\/h1>/,
    );
    expect(out).toContain('href="/de/publishing"');
    expect(out).toMatch(
      /<a href="https:\/\/discord\.gg\/rggames" class="cta cta--secondary" target="_blank" rel="noopener noreferrer"/,
    );
    expect(out).toContain('(öffnet in neuem Tab)');
    expect(out.match(/class="stat"/g)).toHaveLength(1);
    expect(out).toContain('aria-label="Pixel-Wohnblock bei Nacht"');
    // No picture chosen: the hero's own.
    expect(out).toContain('class="illustration illustration--city"');
  });

  it('shows the picture the editor chose', () => {
    const chosen = hero({ illustration: { artwork: 'rocket', alt: 'Pixel-Rakete' } });
    const out = html(<Hero model={normaliseHero(chosen)!} ui={ui} />);
    expect(out).toContain('class="illustration illustration--rocket"');
    expect(out).toContain('aria-label="Pixel-Rakete"');
  });

  it('renders nothing without a title, and no artwork without alt text', () => {
    expect(normaliseHero(hero({ title: { main: '  ' } }))).toBeNull();
    expect(html(<Hero model={normaliseHero(hero({ illustration: {} }))!} ui={ui} />)).not.toContain(
      '<svg',
    );
  });

  it('drops a button without an address', () => {
    const out = html(
      <Hero
        model={normaliseHero(hero({ ctas: { primary: { label: 'Los' }, secondary: {} } }))!}
        ui={ui}
      />,
    );
    expect(out).not.toContain('cta-row');
  });
});

describe('publisher section call to action', () => {
  const publisher = (cta: { label?: string; url?: string }) =>
    normalisePublisher({
      title: 'Wir veröffentlichen',
      description: ['Text'],
      cta,
      illustration: {},
    })!;
  it.each([
    [
      'external: new tab',
      { label: 'Pitch', url: 'https://rggames.example/pitch.pdf' },
      /<a href="https:\/\/rggames\.example\/pitch\.pdf"[^>]*target="_blank" rel="noopener noreferrer"/,
    ],
    [
      'internal: localised',
      { label: 'Pitch', url: '/publishing#process' },
      /<a [^>]*href="\/de\/publishing#process"/,
    ],
    [
      'no address: a plain button',
      { label: 'Pitch' },
      /<button type="button" class="cta cta--primary" data-cta="publisher"/,
    ],
  ])('%s', (_, cta, expected) => {
    expect(html(<PublisherSection model={publisher(cta)} ui={ui} />)).toMatch(expected);
  });
  it('reports clicks with component, label, destination and variant', () => {
    const out = html(
      <PublisherSection model={publisher({ label: 'Pitch', url: '/publishing' })} ui={ui} />,
    );
    // The label and the destination are read from the link itself when it is clicked.
    expect(out).toContain(
      '<a href="/de/publishing" class="cta cta--primary" data-cta="publisher" data-cta-variant="primary"><span>Pitch</span></a>',
    );
  });
});

describe('FAQ section', () => {
  it('shows only complete items, as keyboard-accessible disclosures, answers as paragraphs', () => {
    const model = normaliseFaq({
      title: 'Fragen',
      items: [
        {
          question: 'Wie pitche ich?',
          answer: ['Schick uns einen Build.', 'Wir antworten in zwei Wochen.'],
        },
        { question: 'Ohne Antwort?', answer: [' '] },
        { question: ' ', answer: ['Antwort ohne Frage'] },
      ],
      cta: {},
      illustration: {},
    })!;
    const out = html(<FaqSection model={model} ui={ui} />);
    expect(out.match(/<details/g)).toHaveLength(1);
    expect(out).toMatch(
      /<summary class="faq-item__question"><span style="--fit:[\d.]+">Wie pitche ich\?<\/span><\/summary>/,
    );
    expect(out).toContain('<p>Schick uns einen Build.</p><p>Wir antworten in zwei Wochen.</p>');
    expect(out).not.toContain('Ohne Antwort?');
  });
  it('hides when no item remains', () => {
    expect(
      normaliseFaq({
        title: 'Fragen',
        items: [{ question: 'Q', answer: [] }],
        cta: {},
        illustration: {},
      }),
    ).toBeNull();
  });
});

describe('community chat section', () => {
  it('gives the icon its accessible label', () => {
    const model = normaliseDiscord({
      title: 'Komm in unseren Discord',
      ctaIcon: 'discord',
      ctaIconAriaLabel: 'Discord',
      cta: { label: 'Beitreten', url: 'https://discord.gg/rggames' },
      illustration: {},
    })!;
    expect(html(<DiscordSection model={model} ui={ui} />)).toContain(
      'role="img" aria-label="Discord"',
    );
  });
});

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

const careers = (
  positions: NonNullable<DictionaryOf<'contributions'>['openings']['positions']>,
): DictionaryOf<'contributions'> => ({
  meta: { title: 'Jobs' },
  hero: { title: 'Arbeite mit uns' },
  culture: { title: '', points: [] },
  openings: {
    title: 'Offene Stellen',
    emptyState: 'Gerade keine offenen Stellen.',
    defaultApplyLabel: 'Bewerben',
    positions,
  },
  perks: { title: '', items: [] },
  cta: { buttons: { primary: {}, secondary: {} } },
});

describe('careers page', () => {
  it('shows complete positions with the default apply label', () => {
    const out = html(
      <CareersPage
        model={normaliseCareers(
          careers([
            {
              title: 'Designer:in',
              location: 'Berlin',
              type: 'Vollzeit',
              description: 'Levels bauen',
              applyUrl: 'mailto:jobs@rggames.example',
            },
          ]),
        )!}
        ui={ui}
      />,
    );
    expect(out).toContain('Designer:in');
    expect(out).toMatch(/<a href="mailto:jobs@rggames\.example"[^>]*><span>Bewerben<\/span><\/a>/);
    expect(out).not.toContain('Gerade keine offenen Stellen.');
  });
  it('shows the empty-state text when no position is complete', () => {
    const out = html(
      <CareersPage
        model={normaliseCareers(
          careers([{ title: 'Ohne Ort', type: 'Vollzeit', description: 'x' }]),
        )!}
        ui={ui}
      />,
    );
    expect(out).toContain('<p class="empty-state">Gerade keine offenen Stellen.</p>');
    expect(out).not.toContain('Ohne Ort');
  });
});

describe('press kit and contact', () => {
  it('links press contacts as mailto and drops incomplete ones', () => {
    const model = normalisePressKit({
      meta: { title: 'Presse' },
      hero: {
        title: 'Presse',
        cta: { label: 'Pressemappe', url: 'https://rggames.example/press.zip' },
      },
      contacts: {
        title: 'Kontakt',
        items: [{ label: 'Presse', email: 'press@rggames.example' }, { label: 'Ohne Adresse' }],
      },
      faq: { title: '', items: [] },
      factSheet: {},
    })!;
    const out = html(<PressKitPage model={model} ui={ui} />);
    // The address may wrap after the @ on a phone.
    expect(out).toContain('<a href="mailto:press@rggames.example">press@<wbr/>rggames.example</a>');
    expect(out).not.toContain('Ohne Adresse');
  });

  it('uses the two office icons in turn, the last reused', () => {
    const office = (title: string) => ({ title, description: 'Adresse' });
    const model = normaliseContact({
      meta: { title: 'Kontakt' },
      hero: { title: 'Kontakt', buttons: { primary: {}, secondary: {} } },
      offices: { title: 'Büros', items: [office('Istanbul'), office('Berlin'), office('Remote')] },
      community: { title: '', cta: {} },
    })!;
    expect(model.offices?.items.map((o) => o.icon)).toEqual(['building', 'pin', 'pin']);
    expect(html(<ContactPage model={model} ui={ui} />).match(/class="office__icon"/g)).toHaveLength(
      3,
    );
  });

  it('renders no offices section without items', () => {
    const model = normaliseContact({
      meta: { title: 'Kontakt' },
      hero: { title: 'Kontakt', buttons: { primary: {}, secondary: {} } },
      offices: { title: 'Büros', items: [] },
      community: { title: '', cta: {} },
    })!;
    expect(html(<ContactPage model={model} ui={ui} />)).not.toContain('Büros');
  });
});

describe('publishing page', () => {
  it('numbers the process steps and drops incomplete support cards', () => {
    const model = normalisePublishing({
      meta: { title: 'Publishing' },
      hero: { title: 'Publishing', buttons: { primary: {}, secondary: {} } },
      services: { title: '', items: [] },
      support: {
        title: 'Angebote',
        items: [
          { id: 'full', title: 'Komplett', description: 'Alles', action: {} },
          { title: 'Halb', action: {} },
        ],
      },
      process: { title: 'Ablauf', steps: [{ title: 'Build schicken', description: 'Per Link' }] },
      faq: { title: '', items: [] },
      cta: { buttons: { primary: {}, secondary: {} } },
    })!;
    const out = html(<PublishingPage model={model} ui={ui} />);
    expect(out).toContain('<ol class="card-grid card-grid--numbered">');
    expect(out).toContain('id="full"');
    expect(out).not.toContain('Halb');
  });
});

/** The countdown asks for Next's router; outside a Next app, a router that goes nowhere. */
function withRouter(node: React.ReactNode) {
  const router = {
    back() {},
    forward() {},
    refresh() {},
    push() {},
    replace() {},
    prefetch() {},
  } as unknown as React.ContextType<typeof AppRouterContext>;
  return <AppRouterContext.Provider value={router}>{node}</AppRouterContext.Provider>;
}

describe('not-found page', () => {
  it('is server-rendered with a no-script refresh to the localised target after the delay', async () => {
    const { NotFoundPage } = await import('./pages/NotFoundPage');
    const { normaliseErrorPage } = await import('@/web/pages/models');
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

  it('never refreshes to another site', async () => {
    const { NotFoundPage } = await import('./pages/NotFoundPage');
    const { normaliseErrorPage } = await import('@/web/pages/models');
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
