/** Careers, press kit, contact and publishing pages: complete entries shown, incomplete dropped. */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { html, ui } from '@/testing/render';
import {
  normaliseCareers,
  normaliseContact,
  normalisePressKit,
  normalisePublishing,
} from './page-models';
import { CareersPage, ContactPage, PressKitPage, PublishingPage } from './pages';

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
