'use client';
/**
 * The not-found page (§2.8): title, subtitle, call to action and a live countdown that
 * then navigates to the redirect target (only a path of this site), localised.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { ErrorPageModel } from '@/schemas/normalise/pages';
import type { Language } from '@/schemas/languages';
import { fillPlaceholders } from '@/schemas/lookup';
import { pluralText } from '@/schemas/plural';
import { isInternalHref, withLanguage } from '../i18n/paths';

/** Only a safe path of this site is accepted as a redirect target; anything else goes home. */
export function safeTarget(target: string, language: Language): string {
  return withLanguage(isInternalHref(target) ? target : '/', language);
}

export function NotFoundPage({ model, language }: { model: ErrorPageModel; language: Language }) {
  const [seconds, setSeconds] = useState(model.redirect.seconds);
  const router = useRouter();
  const target = safeTarget(model.redirect.target, language);

  useEffect(() => {
    if (seconds <= 0) {
      router.replace(target);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, router, target]);

  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <div className="not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="page-header__title">
          {model.title}
        </h1>
        {model.subtitle && <p className="page-header__subtitle">{model.subtitle}</p>}
        {model.cta.label && (
          <div className="cta-row">
            <Link href={safeTarget(model.cta.url, language)} className="cta cta--primary">
              {model.cta.label}
            </Link>
          </div>
        )}
        {model.redirect.message && (
          <p className="not-found__countdown" role="timer" aria-live="off">
            {fillPlaceholders(pluralText(model.redirect.message, seconds, language), { seconds })}
          </p>
        )}
      </div>
    </section>
  );
}
