/**
 * Beside the Publish button, why it is blocked: Sanity disables Publish while a field has an
 * error and says why only in a hover card or the Validation panel. This badge, in the
 * document's footer next to the button, names the first field to fix (`Can't publish:
 * Copyright template › German`) and how many more; its tooltip lists every error. The
 * field itself shows the message under its input (./LanguageField.tsx).
 */
import { useTranslation, type DocumentBadgeComponent } from 'sanity';
import { useDocumentPane } from 'sanity/structure';
import { getDictionary, namespaceOfDocumentType } from '../schemas';
import { fieldTitles, type FieldPathSegment } from '../schemas/sanity/titles';
import { EDITOR_NAMESPACE } from './editor-i18n';

export const PublishCheckBadge: DocumentBadgeComponent = (props) => {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { validation } = useDocumentPane();
  const namespace = namespaceOfDocumentType(props.type);
  const errors = validation.filter((marker) => marker.level === 'error');
  const [first] = errors;
  if (!namespace || !first) return null;
  const name = (path: readonly unknown[]) =>
    fieldTitles(getDictionary(namespace), path as FieldPathSegment[]).join(' › ') || namespace;
  const field = name(first.path);
  return {
    label:
      errors.length === 1
        ? t('publish-check.blocked', { field })
        : t('publish-check.blocked-more', { field, more: errors.length - 1 }),
    title: [
      t('publish-check.title'),
      ...errors.map((marker) => `${name(marker.path)}: ${marker.message}`),
    ].join('\n'),
    color: 'danger',
  };
};
