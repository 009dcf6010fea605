/** The shared legal layout: sections and subsections nested up to three levels. */
import type { LegalModel, LegalSection } from '@/web/pages/legal-model';
import { Paragraphs } from '../ui/blocks';
import { breakable } from '../ui/breakable';
import { fit } from '../ui/fit';

const HEADINGS = ['h2', 'h3', 'h4'] as const;

function Section({ section, depth }: { section: LegalSection; depth: number }) {
  const Heading = HEADINGS[Math.min(depth, HEADINGS.length - 1)]!;
  const List = section.ordered ? 'ol' : 'ul';
  return (
    // No class names: the styles follow the nesting, and a class on each of a policy's two
    // dozen sections would be sent twice (in the HTML and in the hydration data).
    <section>
      <Heading style={fit(section.heading)}>{section.heading}</Heading>
      <Paragraphs items={section.body} />
      {section.items.length > 0 && (
        <List>
          {section.items.map((item, index) => (
            <li key={index}>{breakable(item)}</li>
          ))}
        </List>
      )}
      {section.subsections.map((sub, index) => (
        <Section key={index} section={sub} depth={depth + 1} />
      ))}
    </section>
  );
}

export function LegalPage({
  model,
  lastUpdatedLabel,
}: {
  model: LegalModel;
  lastUpdatedLabel: string;
}) {
  return (
    <article className="legal">
      <header className="page-header page-header--compact">
        <div className="page-header__inner">
          <h1 className="page-header__title" style={fit(model.title)}>
            {model.title}
          </h1>
          {model.lastUpdated && (
            <p className="legal__updated">
              {lastUpdatedLabel} {model.lastUpdated}
            </p>
          )}
        </div>
      </header>
      <div className="legal__body prose">
        <Paragraphs items={model.intro} className="lead" />
        {model.sections.map((section, index) => (
          <Section key={index} section={section} depth={0} />
        ))}
      </div>
    </article>
  );
}
