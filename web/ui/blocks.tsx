/** Small presentational pieces shared by sections and pages. */
import type { ReactNode } from 'react';
import type { Entry, FaqItem, Milestone, Stat } from './view-models';
import type { Link as CtaLink } from '@/web/ui/presence';
import { Cta, CtaRow } from './Cta';
import type { UiContext } from './context';
import { breakable } from './breakable';
import { EYEBROW_TEXT, fit } from './fit';
import { Illustration, type Art } from './Illustration';

export function Eyebrow({ children }: { children?: string | undefined }) {
  return children ? (
    <p className="eyebrow" style={fit(children, EYEBROW_TEXT)}>
      {children}
    </p>
  ) : null;
}

/** The page's h1 (hero or page header): the title, then its highlighted words, fitted. */
export function TitleHeading({
  id,
  className,
  title,
  highlight,
}: {
  id?: string;
  className: string;
  title: string;
  highlight?: string | undefined;
}) {
  return (
    <h1 id={id} className={className} style={fit([title, highlight])}>
      {title}
      {highlight && (
        <>
          {' '}
          <span className="highlight">{highlight}</span>
        </>
      )}
    </h1>
  );
}

export function Paragraphs({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <>
      {items.map((text, index) => (
        // An absent prop, not an undefined one: every undefined prop is also sent, as
        // "$undefined", in the data the page hydrates from.
        <p key={index} {...(className && { className })}>
          {breakable(text)}
        </p>
      ))}
    </>
  );
}

export function Buttons({
  buttons,
  component,
  ui,
}: {
  buttons: { primary?: CtaLink; secondary?: CtaLink };
  component: string;
  ui: UiContext;
}) {
  if (!buttons.primary && !buttons.secondary) return null;
  return (
    <CtaRow>
      {buttons.primary && (
        <Cta {...buttons.primary} variant="primary" component={component} ui={ui} />
      )}
      {buttons.secondary && (
        <Cta {...buttons.secondary} variant="secondary" component={component} ui={ui} />
      )}
    </CtaRow>
  );
}

export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  if (stats.length === 0) return null;
  return (
    <dl className="stat-grid">
      {stats.map((stat, index) => (
        <div key={index} className="stat">
          <dt className="stat__label">{stat.label}</dt>
          <dd className="stat__value" style={fit(stat.value)}>
            {stat.value}
          </dd>
          {stat.description && <dd className="stat__description">{stat.description}</dd>}
        </div>
      ))}
    </dl>
  );
}

export function EntryGrid({
  items,
  numbered = false,
  headingLevel = 3,
}: {
  items: readonly Entry[];
  numbered?: boolean;
  /** 2 when the grid sits directly under the page's h1 (no section heading above it). */
  headingLevel?: 2 | 3;
}) {
  const List = numbered ? 'ol' : 'ul';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <List className={`card-grid${numbered ? ' card-grid--numbered' : ''}`}>
      {items.map((item, index) => (
        <li key={index} className="card">
          <Heading className="card__title" style={fit(item.title)}>
            {item.title}
          </Heading>
          <p>{breakable(item.description)}</p>
        </li>
      ))}
    </List>
  );
}

export function Timeline({ items }: { items: readonly Milestone[] }) {
  return (
    <ol className="timeline">
      {items.map((item, index) => (
        <li key={index} className="timeline__item">
          <p className="timeline__year">{item.year}</p>
          <h3 className="timeline__title" style={fit(item.title)}>
            {item.title}
          </h3>
          <p>{item.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** Collapsible questions: native <details>/<summary>, keyboard-accessible without script. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item, index) => (
        <details key={index} className="faq-item">
          <summary className="faq-item__question">
            <span style={fit(item.question)}>{item.question}</span>
          </summary>
          <div className="faq-item__answer">
            <Paragraphs items={item.answer} />
          </div>
        </details>
      ))}
    </div>
  );
}

/** A page section with an optional heading; `labelledBy` ties the region to its heading. */
export function Section({
  id,
  title,
  eyebrow,
  tone = 'plain',
  children,
  art,
}: {
  id: string;
  title?: string | undefined;
  eyebrow?: string | undefined;
  tone?: 'plain' | 'raised' | 'accent' | undefined;
  children: ReactNode;
  art?: Art | undefined;
}) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      className={`section section--${tone}${art ? ' section--with-art' : ''}`}
      aria-labelledby={title ? headingId : undefined}
    >
      <div className="section__inner">
        <div className="section__body">
          <Eyebrow>{eyebrow}</Eyebrow>
          {title && (
            <h2 id={headingId} className="section__title" style={fit(title)}>
              {title}
            </h2>
          )}
          {children}
        </div>
        {art && <Illustration {...art} />}
      </div>
    </section>
  );
}
