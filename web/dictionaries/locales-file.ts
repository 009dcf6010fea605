/** `/locales/<lang>/<namespace>.json`: one language of a namespace, from the same loader as the pages. */
import 'server-only';
import { isNamespace, NAMESPACES } from '@/schemas';
import { isLanguage, LANGUAGES } from '@/schemas/languages';
import { loadNamespace } from './loader';

export const localesFileParams = () =>
  LANGUAGES.flatMap((lang) => NAMESPACES.map((namespace) => ({ lang, file: `${namespace}.json` })));

export async function localesFileResponse(lang: string, file: string): Promise<Response> {
  const namespace = file.replace(/\.json$/, '');
  if (!isLanguage(lang) || !file.endsWith('.json') || !isNamespace(namespace))
    return Response.json({ message: 'no such dictionary' }, { status: 404 });
  return Response.json((await loadNamespace(namespace))[lang], {
    headers: {
      // Browsers and CDNs check back on every use (cheap with the ETag), so a client's
      // copy never lags a publish by more than a round trip.
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Access-Control-Allow-Origin': '*',
    },
  });
}
