/** Page bodies, each from its normalised model. */
import type {
  AboutModel,
  CareersModel,
  ContactModel,
  FaqPageModel,
  ManifestoPageModel,
  Offering,
  PitchModel,
  PressKitModel,
  PublishingModel,
} from '@/web/pages/page-models';
import { plainText } from '../site/plain-text';
import { EntryGrid, Eyebrow, FaqList, Paragraphs, Section, Timeline } from '../ui/blocks';
import { Cta } from '../ui/Cta';
import type { UiContext } from '../ui/context';
import { breakable } from '../ui/breakable';
import { fit } from '../ui/fit';
import { ClosingCta } from './ClosingCta';
import { PageHeader } from './PageHeader';

export function ManifestoPage({ model }: { model: ManifestoPageModel }) {
  return (
    <>
      <header className="page-header">
        <div className="page-header__inner">
          <Eyebrow>{model.hero.eyebrow}</Eyebrow>
          <h1 className="page-header__title" style={fit(model.hero.title)}>
            {model.hero.title}
          </h1>
          {model.hero.description && (
            <p className="page-header__subtitle">{model.hero.description}</p>
          )}
        </div>
      </header>
      {model.pillars.length > 0 && (
        <section className="section" aria-label={plainText(model.hero.title)}>
          <div className="section__inner section__inner--wide">
            <EntryGrid items={model.pillars} numbered headingLevel={2} />
          </div>
        </section>
      )}
      <section className="closing-cta" aria-labelledby="closing-title">
        <div className="closing-cta__inner">
          <h2 id="closing-title" className="section__title" style={fit(model.closing.title)}>
            {model.closing.title}
          </h2>
          {model.closing.description && <p className="lead">{model.closing.description}</p>}
        </div>
      </section>
    </>
  );
}

export function AboutPage({ model, ui }: { model: AboutModel; ui: UiContext }) {
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="about-hero" />
      {model.cards.length > 0 && (
        <section
          className="section"
          aria-label={plainText(model.cards.map((c) => c.title).join(', '))}
        >
          <div className="section__inner section__inner--wide">
            <EntryGrid items={model.cards} headingLevel={2} />
          </div>
        </section>
      )}
      {model.origin && (
        <Section id="origin" title={model.origin.title} tone="raised">
          <div className="prose">
            <Paragraphs items={model.origin.paragraphs} />
          </div>
        </Section>
      )}
      {model.pillars && (
        <Section id="pillars" title={model.pillars.title}>
          <EntryGrid items={model.pillars.items} />
        </Section>
      )}
      {model.timeline && (
        <Section id="timeline" title={model.timeline.title} tone="raised">
          <Timeline items={model.timeline.items} />
        </Section>
      )}
    </>
  );
}

export function CareersPage({ model, ui }: { model: CareersModel; ui: UiContext }) {
  const { openings } = model;
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="careers-hero" />
      {model.culture && (
        <Section id="culture" title={model.culture.title}>
          <EntryGrid items={model.culture.items} />
        </Section>
      )}
      {(openings.positions.length > 0 || openings.emptyState) && (
        <Section id="openings" title={openings.title} tone="raised">
          {openings.positions.length > 0 ? (
            <ul className="position-list">
              {openings.positions.map((position, index) => (
                <li key={index} className="position">
                  <h3 className="card__title" style={fit(position.title)}>
                    {position.title}
                  </h3>
                  <p className="position__meta">
                    <span>{position.location}</span>
                    <span aria-hidden="true"> · </span>
                    <span>{position.type}</span>
                  </p>
                  <p>{position.description}</p>
                  {position.apply && (
                    <Cta
                      {...position.apply}
                      variant="secondary"
                      component="careers-position"
                      ui={ui}
                    />
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty-state">{openings.emptyState}</p>
          )}
        </Section>
      )}
      {model.perks && (
        <Section id="perks" title={model.perks.title}>
          <EntryGrid items={model.perks.items} />
        </Section>
      )}
      <ClosingCta block={model.cta} ui={ui} component="careers" />
    </>
  );
}

export function PressKitPage({ model, ui }: { model: PressKitModel; ui: UiContext }) {
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="press-hero" />
      {model.contacts && (
        <Section id="contacts" title={model.contacts.title}>
          <ul className="contact-list">
            {model.contacts.items.map((contact) => (
              <li key={contact.email} className="card">
                <h3 className="card__title" style={fit(contact.label)}>
                  {contact.label}
                </h3>
                <a href={`mailto:${contact.email}`}>{breakable(contact.email)}</a>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {model.faq && (
        <Section id="press-faq" title={model.faq.title} tone="raised">
          <FaqList items={model.faq.items} />
        </Section>
      )}
    </>
  );
}

function OfferingGrid({
  items,
  ui,
  component,
}: {
  items: readonly Offering[];
  ui: UiContext;
  component: string;
}) {
  return (
    <ul className="card-grid">
      {items.map((item, index) => (
        <li key={item.id ?? index} id={item.id} className="card">
          <Eyebrow>{item.eyebrow}</Eyebrow>
          <h3 className="card__title" style={fit(item.title)}>
            {item.title}
          </h3>
          <p>{item.description}</p>
          {item.action && <Cta {...item.action} variant="link" component={component} ui={ui} />}
        </li>
      ))}
    </ul>
  );
}

export function PitchPage({ model, ui }: { model: PitchModel; ui: UiContext }) {
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="pitch-hero" />
      {model.overview && (
        <Section id="overview" title={model.overview.title}>
          <EntryGrid items={model.overview.items} />
        </Section>
      )}
      {model.deck && (
        <Section id="deck" title={model.deck.title} tone="raised">
          <OfferingGrid items={model.deck.items} ui={ui} component="pitch-deck" />
        </Section>
      )}
      {model.traction && (
        <Section id="traction" title={model.traction.title}>
          <Timeline items={model.traction.items} />
        </Section>
      )}
      <ClosingCta block={model.cta} ui={ui} component="pitch" />
    </>
  );
}

export function PublishingPage({ model, ui }: { model: PublishingModel; ui: UiContext }) {
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="publishing-hero" />
      {model.services && (
        <Section id="services" title={model.services.title}>
          <EntryGrid items={model.services.items} />
        </Section>
      )}
      {model.support && (
        <Section id="support" title={model.support.title} tone="raised">
          <OfferingGrid items={model.support.items} ui={ui} component="publishing-support" />
        </Section>
      )}
      {model.process && (
        <Section id="process" title={model.process.title}>
          <EntryGrid items={model.process.items} numbered />
        </Section>
      )}
      {model.faq && (
        <Section id="publishing-faq" title={model.faq.title} tone="raised">
          <FaqList items={model.faq.items} />
        </Section>
      )}
      <ClosingCta block={model.cta} ui={ui} component="publishing" />
    </>
  );
}

export function FaqPage({ model, ui }: { model: FaqPageModel; ui: UiContext }) {
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="faq-hero" />
      <Section id="questions" title={model.faq.title}>
        <FaqList items={model.faq.items} />
      </Section>
    </>
  );
}

function OfficeIcon({ icon }: { icon: 'building' | 'pin' }) {
  return (
    <svg className="office__icon" viewBox="0 0 16 16" width="28" height="28" aria-hidden="true">
      {icon === 'building' ? (
        <path
          fill="currentColor"
          d="M3 1h7v4h3v10H3zm2 2v2h1V3zm3 0v2h1V3zM5 7v2h1V7zm3 0v2h1V7zm3 0v2h1V7zM5 11v2h1v-2zm3 0v2h1v-2zm3 0v2h1v-2z"
        />
      ) : (
        <path
          fill="currentColor"
          d="M8 1a5 5 0 0 1 5 5c0 4-5 9-5 9S3 10 3 6a5 5 0 0 1 5-5zm0 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"
        />
      )}
    </svg>
  );
}

export function ContactPage({ model, ui }: { model: ContactModel; ui: UiContext }) {
  return (
    <>
      <PageHeader hero={model.hero} ui={ui} component="contact-hero" />
      {model.offices && (
        <Section id="offices" title={model.offices.title}>
          <ul className="card-grid">
            {model.offices.items.map((office, index) => (
              <li key={index} className="card office">
                <OfficeIcon icon={office.icon} />
                <h3 className="card__title" style={fit(office.title)}>
                  {office.title}
                </h3>
                <p className="office__address">{office.description}</p>
                {office.email && <a href={`mailto:${office.email}`}>{breakable(office.email)}</a>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {model.community && (
        <Section
          id="community"
          title={model.community.title}
          eyebrow={model.community.eyebrow}
          tone="accent"
        >
          {model.community.description && <p className="lead">{model.community.description}</p>}
          {model.community.cta && (
            <Cta {...model.community.cta} variant="primary" component="contact-community" ui={ui} />
          )}
        </Section>
      )}
    </>
  );
}
