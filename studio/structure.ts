/** The desk: one place per dictionary, grouped the way editors think about the site. */
// @sanity/icons 5 exports each icon from its own entry point.
import { BookIcon } from '@sanity/icons/Book';
import { CogIcon } from '@sanity/icons/Cog';
import { ComponentIcon } from '@sanity/icons/Component';
import { DocumentsIcon } from '@sanity/icons/Documents';
import { DocumentTextIcon } from '@sanity/icons/DocumentText';
import { WarningOutlineIcon } from '@sanity/icons/WarningOutline';
import type { ComponentType } from 'react';
import type { StructureResolver } from 'sanity/structure';
import { documentId, getDictionary } from '../schemas';
import { SECTIONS, type Dictionary } from '../schemas/define';
import { OnTheSiteView } from './OnTheSiteView';
import { dictionaryTypes } from './schema-types';

const GROUP_LOOKS: Record<Dictionary['section'], { title: string; icon: ComponentType }> = {
  chrome: { title: 'Site chrome: header, footer, cookie banner', icon: CogIcon },
  sections: { title: 'Home page sections', icon: ComponentIcon },
  pages: { title: 'Pages', icon: DocumentsIcon },
  legal: { title: 'Legal documents', icon: DocumentTextIcon },
  error: { title: 'Not-found page', icon: WarningOutlineIcon },
  reference: { title: 'Glossary and facts', icon: BookIcon },
};

export const STRUCTURE_GROUPS: readonly {
  section: Dictionary['section'];
  title: string;
  icon: ComponentType;
}[] = SECTIONS.map((section) => ({ section, ...GROUP_LOOKS[section] }));

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Dictionaries')
    .items(
      STRUCTURE_GROUPS.map((group) =>
        S.listItem()
          .id(group.section)
          .title(group.title)
          .icon(group.icon)
          .child(
            S.list()
              .title(group.title)
              .items(
                dictionaryTypes
                  .filter((type) => getDictionary(type.namespace).section === group.section)
                  .map((type) =>
                    S.listItem()
                      // The document's own id: Sanity resolves links to a document (the
                      // translation overview's, search results, intents) to the list item
                      // with that id.
                      .id(documentId(type.namespace))
                      .title(type.title)
                      .icon(group.icon)
                      .child(
                        S.document()
                          .schemaType(type.name)
                          .documentId(documentId(type.namespace))
                          .title(type.title)
                          .views([
                            S.view.form(),
                            S.view.component(OnTheSiteView).title('On the site'),
                          ]),
                      ),
                  ),
              ),
          ),
      ),
    );
