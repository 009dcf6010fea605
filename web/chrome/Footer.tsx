/** The site footer. Not rendered without brand name, copyright template or sections. */
import type { Language } from '@/schemas/languages';
import type { FooterModel } from '@/web/chrome/chrome-models';
import { isInternalHref, withLanguage } from '@/schemas/language-paths';
import { plainText } from '../site/plain-text';
import { Fragment, type ReactNode } from 'react';
import { CurrentYear } from './CurrentYear';
import { SocialIcon } from './SocialIcon';

function FooterLink({ name, url, language }: { name: string; url: string; language: Language }) {
  return isInternalHref(url) ? (
    <a href={withLanguage(url, language)}>{name}</a>
  ) : (
    <a href={url} rel="noopener noreferrer">
      {name}
    </a>
  );
}

export function Footer({
  model,
  language,
  wordmark,
  buildYear,
  extra,
}: {
  model: FooterModel;
  language: Language;
  wordmark: string;
  /** The year the copyright line was built for; the browser shows its current year. */
  buildYear: number;
  extra?: ReactNode;
}) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <a
            href={withLanguage(model.brand.homeUrl, language)}
            className="wordmark wordmark--footer"
          >
            <span aria-hidden="true">{wordmark}</span>
            <span className="visually-hidden">{model.brand.name}</span>
          </a>
          {model.brand.tagline && <p className="site-footer__tagline">{model.brand.tagline}</p>}
          {model.social && (
            <div className="site-footer__social">
              {model.social.header && (
                <h2 className="site-footer__heading">{model.social.header}</h2>
              )}
              <ul className="social-links">
                {/* Keys by position, as in the header (navItems): the lists never reorder in
                    the browser. */}
                {model.social.links.map((link, index) => (
                  <li key={index}>
                    <a
                      href={link.url}
                      rel="noopener noreferrer"
                      aria-label={plainText(link.label)}
                      className="social-link"
                    >
                      <SocialIcon platform={link.platform} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {model.sections.map((section) => (
          <nav
            key={section.header}
            className="site-footer__section"
            aria-label={plainText(section.header)}
          >
            <h2 className="site-footer__heading">{section.header}</h2>
            <ul>
              {section.links.map((link, index) => (
                <li key={index}>
                  <FooterLink {...link} language={language} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer__bottom">
        <p>
          {model.copyrightParts.map((part, index) => (
            <Fragment key={index}>
              {index > 0 && <CurrentYear buildYear={buildYear} />}
              {part}
            </Fragment>
          ))}
        </p>
        {extra}
      </div>
    </footer>
  );
}
