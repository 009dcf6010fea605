/** Every page in every language shows its copy, fits 320 px, and the FAQ works by keyboard. */
import { describe, expect, it } from 'vitest';
import { getDictionary, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { visitTexts } from '@/schemas/walk';
import { baseUrl, openPage, setupBrowser } from './browser';
import { readServed } from './published';

const browser = setupBrowser();

/** Longer texts of a page's own dictionary (body copy, not labels). */
function bodyTexts(language: Language, namespace: Namespace): string[] {
  const texts: string[] = [];
  visitTexts(getDictionary(namespace).root, readServed(language, namespace), (text, path) => {
    if (text && text.length > 40 && !path.startsWith('meta')) texts.push(text.trim());
  });
  return texts;
}

const cases = LANGUAGES.flatMap((language) => SITE_PAGES.map((page) => ({ language, page })));

describe('every page in every language', () => {
  it.each(cases.map((c) => [`/${c.language}/${c.page.slug}`, c] as const))(
    '%s',
    async (_, { language, page: sitePage }) => {
      const { page, context, errors } = await openPage(browser(), { width: 320, height: 800 });
      await page.goto(`${baseUrl()}/${language}${sitePage.slug ? `/${sitePage.slug}` : ''}`);
      const heading = (await page.locator('main h1').first().innerText()).trim();
      expect(heading.length).toBeGreaterThan(2);
      const main = await page.locator('main').innerText();
      const normalise = (s: string) => s.replace(/\s+/g, ' ');
      // The home page's own dictionary holds only its head; its copy lives in its sections.
      const texts = bodyTexts(
        language,
        sitePage.namespace === 'home' ? sitePage.sections[0] : sitePage.namespace,
      );
      expect(texts.length, 'the dictionary has body copy').toBeGreaterThan(0);
      expect(texts.some((text) => normalise(main).includes(normalise(text)))).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no horizontal scrolling at 320 px').toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('FAQ disclosure', () => {
  it('opens and closes by keyboard', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/tr/faq`);
    const first = page.locator('details.faq-item').first();
    await expect(first.evaluate((el) => (el as HTMLDetailsElement).open)).resolves.toBe(false);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first.evaluate((el) => (el as HTMLDetailsElement).open)).resolves.toBe(true);
    await expect(first.locator('.faq-item__answer').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Space');
    await expect(first.evaluate((el) => (el as HTMLDetailsElement).open)).resolves.toBe(false);
    await context.close();
  });
});
