'use client';
/**
 * The language selector (§2.2): plain links to the same page in each language, so it
 * works without JavaScript. With JavaScript it keeps the query and hash and stores the
 * choice under `lang`; choosing the current language does nothing.
 */
import type { MouseEvent } from 'react';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { withLanguage } from '../i18n/paths';
import { useBarePath } from './NavLink';

interface LanguageOption {
  readonly language: Language;
  readonly label: string;
  readonly href: string;
}

export const LANGUAGE_STORAGE_KEY = 'lang';

function choose(event: MouseEvent<HTMLAnchorElement>, option: LanguageOption, current: boolean) {
  if (current) {
    event.preventDefault();
    return;
  }
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, option.language);
  } catch {
    // Storage can be unavailable (private mode); the link still works.
  }
  event.currentTarget.href = `${option.href}${window.location.search}${window.location.hash}`;
}

export function LanguageSelector({
  label,
  current,
  labels,
}: {
  label: string;
  current: Language;
  labels: Record<Language, string>;
}) {
  const path = useBarePath();
  const options: LanguageOption[] = LANGUAGES.map((language) => ({
    language,
    label: labels[language],
    href: withLanguage(path, language),
  }));
  return (
    <ul className="language-selector" aria-label={label}>
      {options.map((option) => {
        const isCurrent = option.language === current;
        return (
          <li key={option.language}>
            <a
              href={option.href}
              hrefLang={option.language}
              lang={option.language}
              className={`language-selector__link${isCurrent ? ' language-selector__link--current' : ''}`}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={(event) => choose(event, option, isCurrent)}
            >
              {option.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
