/** Landing sections, each from its normalised model; null renders nothing. */
import type { ReactNode } from 'react';
import type {
  DiscordModel,
  FaqModel,
  HeroModel,
  ManifestoModel,
  NewsletterModel,
  PublisherModel,
  SectionBase,
} from '@/web/sections/section-models';
import {
  Buttons,
  Eyebrow,
  FaqList,
  Paragraphs,
  Section,
  StatGrid,
  TitleHeading,
} from '../ui/blocks';
import { Cta } from '../ui/Cta';
import type { UiContext } from '../ui/context';
import { Illustration } from '../ui/Illustration';
import { consentText, consentVersion } from '../newsletter/signup-consent-text';
import { NewsletterForm } from '../newsletter/NewsletterForm';
import { plainText } from '../site/plain-text';

/** A landing section's frame: its heading, eyebrow and picture come from its model. */
function LandingSection({
  id,
  tone,
  model,
  children,
}: {
  id: string;
  tone?: 'raised' | 'accent';
  model: SectionBase;
  children: ReactNode;
}) {
  return (
    <Section id={id} title={model.title} eyebrow={model.eyebrow} tone={tone} art={model.art}>
      {children}
    </Section>
  );
}

export function Hero({ model, ui }: { model: HeroModel; ui: UiContext }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__copy">
          <Eyebrow>{model.eyebrow}</Eyebrow>
          <TitleHeading
            id="hero-title"
            className="hero__title"
            title={model.title}
            highlight={model.highlight}
          />
          {model.subtitle && <p className="hero__subtitle">{model.subtitle}</p>}
          <Buttons buttons={model.ctas} component="hero" ui={ui} />
        </div>
        {model.art && <Illustration {...model.art} />}
      </div>
      <StatGrid stats={model.stats} />
    </section>
  );
}

export function ManifestoSection({ model, ui }: { model: ManifestoModel; ui: UiContext }) {
  return (
    <LandingSection id="manifesto" model={model}>
      <div className="prose">
        <Paragraphs items={model.paragraphs} />
      </div>
      {model.cta && <Cta {...model.cta} variant="link" component="manifesto" ui={ui} />}
    </LandingSection>
  );
}

export function FaqSection({ model, ui }: { model: FaqModel; ui: UiContext }) {
  return (
    <LandingSection id="faq" tone="raised" model={model}>
      <FaqList items={model.items} />
      {model.cta && <Cta {...model.cta} variant="link" component="faq" ui={ui} />}
    </LandingSection>
  );
}

function DiscordGlyph({ label }: { label?: string | undefined }) {
  return (
    <svg
      className="cta__icon"
      viewBox="0 0 16 16"
      width="20"
      height="20"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path fill="currentColor" d="M3 3h10l1 2v7l-3 2-1-2H6l-1 2-3-2V5zm3 4v2h1V7zm3 0v2h1V7z" />
    </svg>
  );
}

export function DiscordSection({ model, ui }: { model: DiscordModel; ui: UiContext }) {
  return (
    <LandingSection id="community" tone="accent" model={model}>
      {model.description && <p className="lead">{model.description}</p>}
      {model.cta && (
        <Cta
          {...model.cta}
          variant="primary"
          component="discord"
          ui={ui}
          icon={model.icon ? <DiscordGlyph label={model.icon.label} /> : undefined}
        />
      )}
    </LandingSection>
  );
}

export function PublisherSection({ model, ui }: { model: PublisherModel; ui: UiContext }) {
  return (
    <LandingSection id="publisher" tone="raised" model={model}>
      <div className="prose">
        <Paragraphs items={model.paragraphs} />
      </div>
      {model.cta && (
        <Cta
          label={model.cta.label}
          url={model.cta.url}
          variant="primary"
          component="publisher"
          ui={ui}
        />
      )}
    </LandingSection>
  );
}

export function NewsletterSection({ model, ui }: { model: NewsletterModel; ui: UiContext }) {
  return (
    <LandingSection id="newsletter" tone="accent" model={model}>
      {model.description && <p className="lead">{model.description}</p>}
      <NewsletterForm
        texts={{
          // An attribute: the placeholder carries no edit info.
          form: {
            ...model.form,
            ...(model.form.placeholder !== undefined && {
              placeholder: plainText(model.form.placeholder),
            }),
          },
          genericError: model.genericError,
          errors: model.errors,
        }}
        language={ui.language}
        consentVersion={consentVersion(consentText(model, plainText))}
      />
    </LandingSection>
  );
}
