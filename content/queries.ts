/** All GROQ the project runs. Both stores run the same query. */
import { documentId, NAMESPACES } from '@/schemas';

/** Every dictionary document, by its deterministic id. */
export const DICTIONARIES_QUERY = '*[_id in $ids] | order(_id asc)';

export const dictionaryQueryParams = () => ({ ids: NAMESPACES.map(documentId) });
