/** A document view listing the public pages that show this dictionary, in every language. */
import type { SanityDocument } from 'sanity';
import { namespaceOfDocumentType } from '../schemas';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../schemas/languages';
import { pagesShowing } from '../schemas/site';
import { pagePath } from '../schemas/paths';
import { coverageLabel, documentCoverage } from './coverage';
import { siteUrl } from './env';

/** The page's public address: the site's own path rule (schemas/paths.ts) on SITE_URL. */
export function publicUrl(slug: string, language: Language): string {
  return `${siteUrl}${pagePath(slug, language)}`;
}

export function OnTheSiteView(props: { document: { displayed: Partial<SanityDocument> } }) {
  const document = props.document.displayed;
  const namespace = document._type ? namespaceOfDocumentType(document._type) : undefined;
  if (!namespace) return null;
  const pages = pagesShowing(namespace);
  return (
    <div style={{ padding: '1.5rem', display: 'grid', gap: '1.25rem', fontFamily: 'inherit' }}>
      <p style={{ margin: 0 }}>
        Translation coverage: {coverageLabel(documentCoverage(namespace, document))}
      </p>
      {pages.map((page) => (
        <section key={page.slug}>
          <h3 style={{ margin: '0 0 0.5rem' }}>/{page.slug}</h3>
          <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
            {LANGUAGES.map((language) => (
              <li key={language}>
                <a href={publicUrl(page.slug, language)} target="_blank" rel="noopener noreferrer">
                  {LANGUAGE_NAMES[language]}: {publicUrl(page.slug, language)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
