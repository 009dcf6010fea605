/**
 * The site header. Not rendered when no valid link remains. The links show in
 * one row where they fit (measured per language, web/chrome/header-fit.ts); below that
 * the phone menu holds them.
 */
import type { DictionaryOf } from '@/schemas';
import type { Language } from '@/schemas/languages';
import type { HeaderModel } from '@/web/chrome/chrome-models';
import { withLanguage } from '@/schemas/language-paths';
import { plainText } from '../site/plain-text';
import { barContentPx, barMinViewport, headerMenuCss, headerPropertiesCss } from './header-fit';
import { LanguageSelector } from './LanguageSelector';
import { MobileMenu } from './MobileMenu';
import { NavList, navItems } from './NavLink';

export interface HeaderProps {
  readonly model: HeaderModel;
  readonly languages: DictionaryOf<'common'>['languages'];
  readonly language: Language;
  /** The current page's path without language prefix (`/about`), or null on the not-found page. */
  readonly currentPath: string | null;
}

export function Header({ model, languages, language, currentPath }: HeaderProps) {
  const { label, ...labels } = languages;
  const selector = (
    <LanguageSelector label={label} current={language} labels={labels} currentPath={currentPath} />
  );
  const primary = navItems(model.primary, language, currentPath);
  const secondary = navItems(model.secondary, language, currentPath);
  const lists = (variant: 'bar' | 'panel') => ({
    primary: <NavList items={primary} className={`nav-list nav-list--${variant}`} />,
    secondary: (
      <NavList items={secondary} className={`nav-list nav-list--${variant} nav-list--secondary`} />
    ),
  });
  const bar = lists('bar');
  const panel = lists('panel');
  const minViewport = barMinViewport(
    barContentPx({
      wordmark: model.wordmark,
      primary: model.primary,
      secondary: model.secondary,
      languageLabels: Object.values(labels),
    }),
  );
  return (
    <>
      {/* React moves a <style> with href and precedence into the head, the one place HTML
          allows it; the href changes with what it says, so a newer rule is never dropped. */}
      <style href={`header-fit-${language}-${minViewport ?? 'menu'}`} precedence="header">
        {headerPropertiesCss() + headerMenuCss(minViewport, language)}
      </style>
      <header className="site-header">
        <div className="site-header__inner">
          <a
            href={withLanguage(model.homeUrl, language)}
            className="wordmark"
            aria-label={plainText(model.homeLabel)}
          >
            <span aria-hidden="true">{model.wordmark}</span>
          </a>
          <nav className="site-nav" aria-label={plainText(model.navLabel)}>
            {bar.primary}
            {model.primary.length > 0 && model.secondary.length > 0 && (
              <span className="site-nav__divider" aria-hidden="true" />
            )}
            {bar.secondary}
          </nav>
          <div className="site-header__languages">{selector}</div>
          {/* Plain labels: in a preview the button opens the menu, not the labels' field. */}
          <MobileMenu
            openLabel={plainText(model.menu.open)}
            closeLabel={plainText(model.menu.close)}
          >
            <h2 className="mobile-menu__heading">{model.menu.settings}</h2>
            {selector}
            {/* Named by their headings: a second landmark named like the bar's would not be unique. */}
            {model.primary.length > 0 && (
              <nav aria-labelledby="menu-main">
                <h2 id="menu-main" className="mobile-menu__heading">
                  {model.menu.main}
                </h2>
                {panel.primary}
              </nav>
            )}
            {model.secondary.length > 0 && (
              <nav aria-labelledby="menu-more">
                <h2 id="menu-more" className="mobile-menu__heading">
                  {model.menu.more}
                </h2>
                {panel.secondary}
              </nav>
            )}
          </MobileMenu>
        </div>
      </header>
    </>
  );
}
