import type { CtaBlock } from '@/web/pages/page-models';
import { Buttons } from '../ui/blocks';
import type { UiContext } from '../ui/context';
import { fit } from '../ui/fit';

export function ClosingCta({
  block,
  ui,
  component,
}: {
  block: CtaBlock | null;
  ui: UiContext;
  component: string;
}) {
  if (!block) return null;
  return (
    <section
      className="closing-cta"
      aria-labelledby={block.title ? `${component}-cta-title` : undefined}
    >
      <div className="closing-cta__inner">
        {block.title && (
          <h2 id={`${component}-cta-title`} className="section__title" style={fit(block.title)}>
            {block.title}
          </h2>
        )}
        {block.subtitle && <p className="lead">{block.subtitle}</p>}
        <Buttons buttons={block.buttons} component={component} ui={ui} />
      </div>
    </section>
  );
}
