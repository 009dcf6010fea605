/**
 * Writing in the real Studio on a laptop screen (1280 × 720), with the keyboard: Tab goes
 * from English to German to Turkish without stopping on a button, every dictionary opens
 * with at least five inputs in view and its short texts wide enough for 40 characters, long
 * texts grow with their content, the page head is the last tab, and a text that blocks
 * Publish says so beside the button and under its input, without hovering.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { documentId, getDictionary, NAMESPACES } from '@/schemas';
import { SECTIONS } from '@/schemas/define';
import { sanityDocumentType } from '@/schemas/sanity/documents';
import {
  fieldIn,
  inputIn,
  measureRoom,
  startStudioSession,
  type FormRoom,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

let session: StudioSession;
let tab: StudioTab;

beforeAll(async () => {
  session = await startStudioSession({ build: inject('studioBuild') });
  tab = await session.newTab();
  await tab.page.setViewportSize({ width: 1280, height: 720 });
});
afterAll(() => session?.close());

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const input = (fieldPath: string) => inputIn(tab, fieldPath);
const tabButton = (name: string) => tab.page.getByRole('tab', { name, exact: true });

async function storedDraft(id: string): Promise<Record<string, unknown> | undefined> {
  return (await readFile(session.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((doc) => doc._id === `drafts.${id}`);
}

describe('writing in the Studio on a 1280 × 720 screen', () => {
  it('types a FAQ question in English, German and Turkish with Tab alone', async () => {
    await session.openDictionary(tab, 'faq');
    await tabButton('Questions').click();
    const chevron = tab.page
      .locator(`[data-item-path='items[_key=="item0"]']`)
      .getByTestId('inline-item-toggle')
      .first();
    await chevron.click();
    const question = 'items[_key=="item0"].question';
    await input(`${question}.en`).click();
    await tab.page.keyboard.press('ControlOrMeta+A');
    await tab.page.keyboard.type('Who is behind RG?');
    await tab.page.keyboard.press('Tab');
    await tab.page.keyboard.type('Wer steckt hinter RG?');
    await tab.page.keyboard.press('Tab');
    await tab.page.keyboard.type('RG’nin arkasında kim var?');
    // Typing English first marks German and Turkish outdated for a moment (a note with buttons
    // under the text); typing them makes them current. The notes go in a deferred render, so
    // on a busy machine Tab waits for them to go, as a person would see them go.
    const notes = tab.page
      .getByTestId(`field-${question}`)
      .locator('[data-testid="outdated-note"], [data-testid="wording-only-note"]');
    await expect.poll(() => notes.count(), { timeout: 10_000 }).toBe(0);
    // After the last language: the text's actions, then the next field (the answer).
    const focused = () =>
      tab.page.evaluate(() => ({
        label: document.activeElement?.getAttribute('aria-label'),
        field: document.activeElement
          ?.closest('[data-testid^="field-items"]')
          ?.getAttribute('data-testid'),
      }));
    await tab.page.keyboard.press('Tab');
    expect(await focused()).toEqual({ label: 'Field actions', field: `field-${question}` });
    await tab.page.keyboard.press('Tab');
    expect((await focused()).field).toBe('field-items[_key=="item0"].answer');

    expect(await input(`${question}.en`).inputValue()).toBe('Who is behind RG?');
    expect(await input(`${question}.de`).inputValue()).toBe('Wer steckt hinter RG?');
    expect(await input(`${question}.tr`).inputValue()).toBe('RG’nin arkasında kim var?');
    await eventually(async () => {
      const draft = (await storedDraft('dictionary-faq')) as
        { items: { question: Record<string, string> }[] } | undefined;
      return draft?.items[0]?.question;
    }).toMatchObject({
      en: 'Who is behind RG?',
      de: 'Wer steckt hinter RG?',
      tr: 'RG’nin arkasında kim var?',
    });
  });

  it('keeps a text’s actions (copy, paste) one Tab after its inputs', async () => {
    await session.openDictionary(tab, 'footer');
    await input('copyrightTemplate.tr').click();
    await tab.page.keyboard.press('Tab');
    await tab.page.keyboard.press('Enter');
    const menu = tab.page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').allInnerTexts();
    // The whole text's and each language's copy and paste.
    expect(items.filter((item) => /Copy field/.test(item))).toHaveLength(4);
    await tab.page.keyboard.press('Escape');
  });

  it('opens every dictionary with at least five inputs in view, short ones 40 characters wide', async () => {
    const rooms: Record<string, FormRoom> = {};
    // The glossary and the facts are reference, not copy: a list of terms and three numbers.
    for (const section of SECTIONS.filter((name) => name !== 'reference')) {
      await tab.page.goto(`${session.studioUrl}/structure/${section}`);
      for (const namespace of NAMESPACES.filter((n) => getDictionary(n).section === section)) {
        // Opened from the desk's list, as an editor does (and faster than a page load each).
        const type = sanityDocumentType(namespace);
        await tab.page
          .locator(`[data-testid="pane-item-${type.title}"][href$=";${documentId(namespace)}"]`)
          .click();
        const opening = type.groups?.find((group) => group.default)?.name;
        const first = type.fields.find((field) => !opening || field.group === opening)!;
        await tab.page.getByTestId(`field-${first.name}`).waitFor({ timeout: 60_000 });
        await tab.page.getByTestId('action-publish').waitFor({ timeout: 60_000 });
        // The form is laid out once its tab's last text has rendered.
        await tab.page.waitForTimeout(1_000);
        rooms[namespace] = await measureRoom(tab.page);
      }
    }
    console.log(
      `room at 1280 × 720 (first input y / inputs shown / narrowest input, 40 characters = ${rooms.hero?.fortyCharacters} px):\n${Object.entries(
        rooms,
      )
        .map(
          ([ns, room]) =>
            `  ${ns}: ${room.firstInputY} / ${room.inputsVisible} / ${room.narrowestInput}`,
        )
        .join('\n')}`,
    );
    for (const [namespace, room] of Object.entries(rooms)) {
      expect(room.inputsVisible, namespace).toBeGreaterThanOrEqual(5);
      expect(room.narrowestInput ?? Infinity, namespace).toBeGreaterThanOrEqual(
        room.fortyCharacters,
      );
    }
  });

  it('grows a long text with its content and puts the page head in the last tab', async () => {
    await session.openDictionary(tab, 'hero');
    const subtitle = input('subtitle.en');
    await subtitle.waitFor();
    const size = () =>
      subtitle.evaluate((area) => ({ scroll: area.scrollHeight, client: area.clientHeight }));
    await eventually(async () => {
      const { scroll, client } = await size();
      return scroll <= client;
    }).toBe(true);
    const before = (await size()).client;
    await subtitle.click();
    await tab.page.keyboard.press('ControlOrMeta+End');
    await tab.page.keyboard.type(
      ' And one more sentence, long enough to need a new line of its own.',
    );
    await eventually(async () => (await size()).client).toBeGreaterThan(before);
    const grown = await size();
    expect(grown.scroll).toBeLessThanOrEqual(grown.client);

    await session.openDictionary(tab, 'about');
    const tabs = tab.page.getByTestId('field-group-tabs').getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual([
      'Opening block',
      'Vision',
      'Mission',
      'Origin story',
      'Pillars',
      'Timeline',
      'Page head',
    ]);
    // One line of tabs.
    const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  });

  it('says why Publish is blocked beside the button and under the text, without hovering', async () => {
    await session.openDictionary(tab, 'footer');
    const german = input('copyrightTemplate.de');
    await german.fill('© {brand}. Alle Rechte vorbehalten.');
    const reason = tab.page.getByText(/^Can’t publish: Copyright template › German$/);
    await reason.waitFor({ timeout: 30_000 });
    const publish = (await tab.page.getByTestId('action-publish').boundingBox())!;
    const badge = (await reason.boundingBox())!;
    const form = (await tab.page.getByTestId('document-panel-scroller').boundingBox())!;
    // In the document's footer with the Publish button, below the form.
    expect(badge.y).toBeGreaterThanOrEqual(form.y + form.height - 1);
    expect(Math.abs(badge.y - publish.y)).toBeLessThan(2 * publish.height);
    const message = fieldIn(tab, 'copyrightTemplate').getByTestId('field-errors');
    await expect.poll(() => message.innerText()).toMatch(/German: .*\{year\}/);
    expect(await tab.page.getByTestId('action-publish').getAttribute('data-disabled')).toBe('true');

    await german.fill('© {year} {brand}. Alle Rechte vorbehalten.');
    await eventually(() => reason.count()).toBe(0);
    expect(await message.count()).toBe(0);
  });

  it('shows no console error besides the offline hosts, and the API knew every request', () => {
    expect(tab.errors).toEqual([]);
    expect(session.api.unknownRoutes()).toEqual([]);
  });
});
