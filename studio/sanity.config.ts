/**
 * The standalone Studio for marketing editors. Every document type comes from schemas/;
 * each dictionary is a singleton with the id the content pipeline uses, so editors can
 * edit and publish but not create, duplicate, unpublish or delete dictionaries.
 */
import { languageFilter } from '@sanity/language-filter';
import { defineConfig, type DocumentActionComponent, type DocumentBadgeComponent } from 'sanity';
import { structureTool } from 'sanity/structure';
import { namespaceOfDocumentType } from '../schemas';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES } from '../schemas/languages';
import { coverageLabel, documentCoverage, isUpToDate } from './coverage';
import { ConsentPromptBadge, WordingOnlyAction } from './consent-prompt';
import { editorBundles } from './editor-i18n';
import { apiHost, dataset, projectId } from './env';
import { interfaceLanguages } from './interface-languages';
import { presentation } from './presentation';
import { forEditor } from './PresentationForEditor';
import { PublishCheckBadge } from './publish-check';
import { SiteStateBadge } from './site-state-badge';
import { dictionaryTypeNames, schemaTypes } from './schema-types';
import { structure } from './structure';
import { DocumentQueueNav } from './translation-queue';
import { translationOverview } from './TranslationOverview';
import { translationStatusTexts } from './translation-status/translation-status-i18n';
import { versionsTool } from './versions/VersionsTool';

const BLOCKED_ACTIONS = new Set(['delete', 'duplicate', 'unpublish']);

const CoverageBadge: DocumentBadgeComponent = (props) => {
  const namespace = namespaceOfDocumentType(props.type);
  const document = props.draft ?? props.published;
  if (!namespace || !document) return null;
  const coverage = documentCoverage(namespace, document);
  return {
    label: coverageLabel(coverage),
    title: 'Translated texts per language, and translations whose English changed since',
    color: isUpToDate(coverage) ? 'success' : 'warning',
  };
};

/** "Wording only" (./consent-prompt.ts) comes right after Publish, first in its menu. */
function withWordingOnly(actions: DocumentActionComponent[]): DocumentActionComponent[] {
  const publish = actions.findIndex((action) => action.action === 'publish');
  const at = publish + 1;
  return [...actions.slice(0, at), WordingOnlyAction, ...actions.slice(at)];
}

export default defineConfig({
  name: 'default',
  title: 'RG dictionaries',
  projectId,
  dataset,
  // The local API (npm run studio without a Sanity project) or Sanity's own.
  ...(apiHost ? { apiHost } : {}),
  // Releases put several dictionaries live together, now or at a set time (the local API
  // serves them too: local-api/README.md). Features the project does not use are off:
  // editors see no dead ends, and the local content API need not fake them.
  releases: { enabled: true },
  scheduledDrafts: { enabled: false },
  scheduledPublishing: { enabled: false },
  tasks: { enabled: false },
  plugins: [
    structureTool({ structure }),
    presentation,
    languageFilter({
      supportedLanguages: LANGUAGES.map((id) => ({ id, title: LANGUAGE_NAMES[id] })),
      defaultLanguages: [DEFAULT_LANGUAGE],
      documentTypes: [...dictionaryTypeNames],
      // Filter only the per-language fields; every other field always shows.
      filterField: (enclosingType, member, selectedLanguageIds) =>
        !enclosingType.name.startsWith('locale') ||
        !('name' in member) ||
        selectedLanguageIds.includes(member.name),
    }),
    translationOverview(),
    translationStatusTexts(),
    versionsTool(),
    interfaceLanguages(),
  ],
  i18n: { bundles: editorBundles },
  tools: (tools) =>
    tools.map((tool) =>
      tool.name === 'presentation' ? { ...tool, component: forEditor(tool.component) } : tool,
    ),
  schema: {
    types: schemaTypes,
    // No "create new" for dictionaries: each exists once, with the pipeline's id.
    templates: (templates) =>
      templates.filter((template) => !dictionaryTypeNames.has(template.schemaType)),
  },
  document: {
    comments: { enabled: false },
    actions: (actions, context) =>
      dictionaryTypeNames.has(context.schemaType)
        ? withWordingOnly(actions.filter((action) => !BLOCKED_ACTIONS.has(action.action ?? '')))
        : actions,
    badges: (badges, context) =>
      dictionaryTypeNames.has(context.schemaType)
        ? [...badges, CoverageBadge, ConsentPromptBadge, PublishCheckBadge, SiteStateBadge]
        : badges,
    // The header's slot for the language filter also holds the translation queue's steps.
    unstable_languageFilter: (components, context) =>
      dictionaryTypeNames.has(context.schemaType) ? [...components, DocumentQueueNav] : components,
    newDocumentOptions: (options) =>
      options.filter((option) => !dictionaryTypeNames.has(option.templateId)),
  },
});
