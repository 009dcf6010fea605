/**
 * The language selector: plain links to the same page in each language, so it
 * works without JavaScript. With JavaScript (web/client/ClientRuntime.tsx) a click keeps
 * the query and hash and stores the choice under `lang`; the current language does nothing.
 * Its labels carry no edit info in a preview: there a click must switch the framed page's
 * language, not open the label's field (the labels are edited in the Common texts).
 */
import { LANGUAGES, type Language } from '@/schemas/languages';
import { withLanguage } from '@/schemas/language-paths';
import { plainText } from '../site/plain-text';

export function LanguageSelector({
  label,
  current,
  labels,
  currentPath,
}: {
  label: string;
  current: Language;
  labels: Record<Language, string>;
  /** The page's path without language prefix, or null on the not-found page (links go home). */
  currentPath: string | null;
}) {
  return (
    <ul className="language-selector" aria-label={plainText(label)}>
      {LANGUAGES.map((language) => {
        const isCurrent = language === current;
        return (
          <li key={language}>
            <a
              href={withLanguage(currentPath ?? '/', language)}
              hrefLang={language}
              lang={language}
              className={`language-selector__link${isCurrent ? ' language-selector__link--current' : ''}`}
              {...(isCurrent && { 'aria-current': 'true' })}
              data-language-switch={language}
            >
              {plainText(labels[language])}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
