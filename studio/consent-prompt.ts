/**
 * Before publishing, whether the change will ask every visitor for cookie consent again: a
 * badge beside Publish on the cookie banner's dictionary and the privacy policy when the draft
 * changes a text that makes up the consent text (schemas/consent-text.ts), naming the
 * languages whose visitors will be asked. A visitor agreed to the old words, so the site
 * cannot count that consent for the new ones (web/consent/stored-choice.ts) unless the editor marks a
 * banner change "Wording only" (the action beside Publish): then the badge says no one is
 * asked again. A changed privacy policy date always asks again.
 */
import {
  useDocumentOperation,
  useTranslation,
  type DocumentActionComponent,
  type DocumentBadgeComponent,
} from 'sanity';
import { namespaceOfDocumentType } from '../schemas';
import {
  CONSENT_WORDING_ONLY,
  languagesAskedAgain,
  languagesMarkedWordingOnly,
  markWordingOnly,
} from '../schemas/consent-text';
import type { Language } from '../schemas/languages';
import { EDITOR_NAMESPACE } from './editor-i18n';

/** The languages a publish asks again, and those whose change is marked wording only. */
function consentChange(
  type: string,
  draft: object | null | undefined,
  published: object | null | undefined,
): { asked: Language[]; wordingOnly: Language[] } {
  const namespace = namespaceOfDocumentType(type);
  if (!namespace) return { asked: [], wordingOnly: [] };
  const changed = languagesAskedAgain(namespace, draft, published);
  const wordingOnly = namespace === 'common' ? languagesMarkedWordingOnly(draft, published) : [];
  return { asked: changed.filter((language) => !wordingOnly.includes(language)), wordingOnly };
}

export const ConsentPromptBadge: DocumentBadgeComponent = (props) => {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { asked, wordingOnly } = consentChange(props.type, props.draft, props.published);
  if (asked.length > 0)
    return {
      label: t('consent-prompt.label', { languages: asked.join(', ') }),
      title: t('consent-prompt.title'),
      color: 'warning',
    };
  if (wordingOnly.length > 0)
    return {
      label: t('consent-prompt.wording-only-label', { languages: wordingOnly.join(', ') }),
      title: t('consent-prompt.wording-only-label-title'),
      color: 'primary',
    };
  return null;
};

/**
 * "Wording only": marks the pending cookie banner change as keeping its meaning, so
 * publishing it keeps the consents given to the words before. Offered while a banner change
 * would ask visitors again; editing the banner after it asks again until marked anew.
 */
export const WordingOnlyAction: DocumentActionComponent = (props) => {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { patch } = useDocumentOperation(props.id, props.type);
  const { draft, published } = props;
  const { asked } = consentChange(props.type, draft, published);
  if (namespaceOfDocumentType(props.type) !== 'common' || !draft || !published) return null;
  if (asked.length === 0) return null;
  return {
    label: t('consent-prompt.wording-only'),
    title: t('consent-prompt.wording-only-title'),
    tone: 'primary',
    onHandle: () => {
      patch.execute([{ set: { [CONSENT_WORDING_ONLY]: markWordingOnly(draft, published) } }]);
      props.onComplete();
    },
  };
};
