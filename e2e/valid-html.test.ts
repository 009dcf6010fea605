/**
 * Every page in every language, and the not-found page, is valid HTML by html-validate's
 * recommended rules (`.htmlvalidate.json`), as served. The rules switched off there are
 * React's way of writing HTML, not mistakes: its attribute spelling (`hrefLang`, `charSet`),
 * its generated ids (`_R_…`), `<meta/>` and `async=""`.
 */
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { baseUrl } from './browser';

const validator = new HtmlValidate(new FileSystemConfigLoader());
// Validated as a file of the project, so the project's .htmlvalidate.json applies.
const AS_FILE = path.resolve('served-page.html');

function describeMessage({ ruleId, message, selector }: Message): string {
  return `${ruleId}: ${message} (${selector ?? 'document'})`;
}

async function problems(path: string): Promise<string[]> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
  const report = await validator.validateString(await response.text(), AS_FILE);
  return report.results.flatMap((result) => result.messages).map(describeMessage);
}

describe('valid HTML', () => {
  it.each(LANGUAGES.flatMap((language) => SITE_PAGES.map((page) => pagePath(page.slug, language))))(
    '%s',
    async (path) => {
      expect(await problems(path)).toEqual([]);
    },
  );

  it('on the not-found page, but for its redirect without JavaScript', async () => {
    // The delayed refresh in <noscript> is the countdown of visitors without JavaScript (it
    // cannot be in the head, which the page does not own); html-validate wants a refresh to
    // be instant and in the head. Everything else must be valid.
    const found = await problems('/de/no-such-page');
    const refresh = found.filter((line) => /<meta>|Meta refresh/.test(line));
    expect(refresh).toHaveLength(2);
    expect(found.filter((line) => !refresh.includes(line))).toEqual([]);
  });
});
