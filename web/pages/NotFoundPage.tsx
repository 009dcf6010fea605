/**
 * The not-found page: title, subtitle, call to action and a countdown that then
 * navigates to the redirect target (only a path of this site), localised. Rendered on the
 * server; only the countdown runs in the browser. Without JavaScript a refresh in
 * <noscript> goes to the same target after the same delay.
 */
import type { ErrorPageModel } from '@/web/pages/page-models';
import type { Language } from '@/schemas/languages';
import { isInternalHref, withLanguage } from '@/schemas/language-paths';
import { fit } from '../ui/fit';
import { RedirectCountdown } from './RedirectCountdown';

/** Only a safe path of this site is accepted as a redirect target; anything else goes home. */
export function safeTarget(target: string, language: Language): string {
  return withLanguage(isInternalHref(target) ? target : '/', language);
}

export function NotFoundPage({ model, language }: { model: ErrorPageModel; language: Language }) {
  const target = safeTarget(model.redirect.target, language);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <noscript>
        <meta httpEquiv="refresh" content={`${model.redirect.seconds};url=${target}`} />
      </noscript>
      <div className="not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="page-header__title" style={fit(model.title)}>
          {model.title}
        </h1>
        {model.subtitle && <p className="page-header__subtitle">{model.subtitle}</p>}
        {model.cta.label && (
          <div className="cta-row">
            <a href={safeTarget(model.cta.url, language)} className="cta cta--primary">
              {model.cta.label}
            </a>
          </div>
        )}
        <RedirectCountdown
          seconds={model.redirect.seconds}
          target={target}
          message={model.redirect.message}
          language={language}
        />
      </div>
    </section>
  );
}
