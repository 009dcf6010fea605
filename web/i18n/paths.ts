/** The site's path rule lives in schemas/, where the Studio's links to the site use it too. */
export {
  isFilePath,
  isInternalHref,
  languageOfPath,
  pagePath,
  stripLanguage,
  withLanguage,
} from '@/schemas/paths';
