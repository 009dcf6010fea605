/**
 * Before publishing, whether the change will ask every visitor for cookie consent again: a
 * badge beside Publish on the cookie banner's dictionary and the privacy policy when the draft
 * changes a text that makes up the consent text (schemas/consent-text.ts), naming the
 * languages whose visitors will be asked. A visitor agreed to the old words, so the site
 * cannot count that consent for the new ones (web/consent/store.ts).
 */
import { useTranslation, type DocumentBadgeComponent } from 'sanity';
import { namespaceOfDocumentType } from '../schemas';
import { languagesAskedAgain } from '../schemas/consent-text';
import { EDITOR_NAMESPACE } from './editor-i18n';

export const ConsentPromptBadge: DocumentBadgeComponent = (props) => {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const namespace = namespaceOfDocumentType(props.type);
  const languages = namespace ? languagesAskedAgain(namespace, props.draft, props.published) : [];
  if (languages.length === 0) return null;
  return {
    label: t('consent-prompt.label', { languages: languages.join(', ') }),
    title: t('consent-prompt.title'),
    color: 'warning',
  };
};
