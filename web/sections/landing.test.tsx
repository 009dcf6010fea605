/** Landing sections as a visitor sees them, for complete and incomplete copy. */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { html, ui } from '@/testing/render';
import { DiscordSection, FaqSection, Hero, PublisherSection } from './landing';
import {
  normaliseDiscord,
  normaliseFaq,
  normaliseHero,
  normalisePublisher,
} from './section-models';

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
