/** The opening block of a page: eyebrow or badge, the page's h1, subtitle, buttons, stats. */
import type { PageHero } from '@/web/pages/page-models';
import { Buttons, Eyebrow, StatGrid, TitleHeading } from '../ui/blocks';
import type { UiContext } from '../ui/context';

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
        <TitleHeading
          className="page-header__title"
          title={hero.title}
          highlight={hero.highlight}
        />
        {hero.subtitle && <p className="page-header__subtitle">{hero.subtitle}</p>}
        <Buttons buttons={hero.buttons} component={component} ui={ui} />
      </div>
      <StatGrid stats={hero.stats} />
    </header>
  );
}
