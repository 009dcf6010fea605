/** The opening block of a page: eyebrow or badge, the page's h1, subtitle, buttons, stats. */
import type { PageHero } from '@/web/pages/models';
import { Buttons, Eyebrow, StatGrid } from '../ui/blocks';
import type { UiContext } from '../ui/context';
import { fit } from '../ui/fit';

export function PageHeader({
  hero,
  ui,
  component,
}: {
  hero: PageHero;
  ui: UiContext;
  component: string;
}) {
  return (
    <header className="page-header">
      <div className="page-header__inner">
        {hero.badge && <p className="badge">{hero.badge}</p>}
        <Eyebrow>{hero.eyebrow}</Eyebrow>
        <h1 className="page-header__title" style={fit([hero.title, hero.highlight])}>
          {hero.title}
          {hero.highlight && (
            <>
              {' '}
              <span className="highlight">{hero.highlight}</span>
            </>
          )}
        </h1>
        {hero.subtitle && <p className="page-header__subtitle">{hero.subtitle}</p>}
        <Buttons buttons={hero.buttons} component={component} ui={ui} />
      </div>
      <StatGrid stats={hero.stats} />
    </header>
  );
}
