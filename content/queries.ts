/** All GROQ the project runs. Both stores run the same query. */
import { documentId, NAMESPACES, type Namespace } from '@/schemas';

/** Dictionary documents by their deterministic ids (all of them, or the site's one namespace). */
export const DICTIONARIES_QUERY = '*[_id in $ids] | order(_id asc)';

export const dictionaryQueryParams = (namespaces: readonly Namespace[] = NAMESPACES) => ({
  ids: namespaces.map(documentId),
});
