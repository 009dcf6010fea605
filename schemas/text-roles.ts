/**
 * Where a text is shown decides how long it may be: each text of a dictionary has a role
 * (heading, eyebrow, button label, body paragraph…), and each role a soft length (over it:
 * a warning, the text crowds the design on a phone) and a hard length (over it: publishing
 * is blocked, the text breaks the page). This table is the one place both are stated.
 *
 * The lengths come from the design at 320 px (web/styles/site.css): the gutter is 1 rem on
 * each side, so a column holds 288 px. The display font (Space Grotesk, measured by
 * web/site/text-metrics.ts) averages about 0.55 em per character in German and Turkish
 * copy, upper case eyebrows with their 0.14 em spacing about 0.8 em. So a line holds about
 * 15 characters of a 2.1 rem page title, 16 of a 1.8 rem section heading, 26 of a 0.85 rem
 * eyebrow, 34 of a 0.95 rem button label and 40 of 1.0625 rem body text.
 */
import type { Dictionary, TextNode } from './define';
import { FACT_NAMES } from './dictionaries/facts';
import { visitTexts } from './walk';

export interface RoleLimits {
  /** What the editor is told the text is, in the message. */
  readonly shown: string;
  /** Characters over which the text is flagged (a warning). */
  readonly soft: number;
  /** Characters over which publishing is blocked. */
  readonly hard: number;
}

export const TEXT_ROLES = {
  // Search results cut titles at about 60 characters and the browser tab shows fewer;
  // a title past 120 is no longer a title.
  metaTitle: { shown: 'the page title in search results and the browser tab', soft: 70, hard: 120 },
  // Search results show about 160 characters of a description.
  metaDescription: { shown: 'the description in search results', soft: 180, hard: 320 },
  // One line of 26 characters at 320 px; two lines still read as a label, four do not.
  eyebrow: { shown: 'the small label above a heading', soft: 52, hard: 100 },
  // Six lines of a page title at 320 px is already a screen; twelve hide the page.
  heading: { shown: 'a heading', soft: 90, hard: 180 },
  // A button of two lines at 320 px still reads as one; four lines are a paragraph.
  button: { shown: 'a button or link label', soft: 48, hard: 110 },
  // A label, a name, a status or error message: most are one line, a few five or six.
  short: { shown: 'a label or a message', soft: 300, hard: 600 },
  // A paragraph: 25 lines at 320 px are a long screen; past 60 nobody reads on.
  body: { shown: 'a paragraph', soft: 1_000, hard: 2_400 },
} as const satisfies Record<string, RoleLimits>;

export type TextRole = keyof typeof TEXT_ROLES;

/** Keys whose text is a heading, wherever they are. */
const HEADING_KEYS = /^(title|heading|header|main|highlight|question|subject)$/;
/** Keys whose text labels a button, a link or a menu entry. */
const BUTTON_KEYS =
  /^(label|linkLabel|buttonLabel|button|applyLabel|defaultApplyLabel|accept|decline|settings|open|close|exit|more|main|showKeys|showTexts|name)$/;

/**
 * The role of a text from its key path (`items[2].question`, `meta.title`,
 * `redirect.message_one`) and its rules; undefined for texts with no length of their own
 * (addresses, JSON, search keywords, robots directives: LIMITS alone bounds them).
 */
export function roleOf(path: string, node: Pick<TextNode, 'format'>): TextRole | undefined {
  if (node.format !== 'plain' && node.format !== 'multiline') return undefined;
  const keys = path.split(/[.[\]]+/).filter((key) => key !== '' && !/^\d+$/.test(key));
  const key = (keys.at(-1) ?? '').replace(/_(one|other)$/, '');
  const parent = keys.at(-2);
  if (parent === 'meta') {
    if (key === 'title') return 'metaTitle';
    if (key === 'description') return 'metaDescription';
    return undefined;
  }
  // A list of single texts is a list of paragraphs or bullet points.
  if (node.format === 'multiline' || /\]$/.test(path)) return 'body';
  if (key === 'eyebrow' || key === 'badge') return 'eyebrow';
  if (HEADING_KEYS.test(key) && !(key === 'main' && parent === 'menu')) return 'heading';
  if (BUTTON_KEYS.test(key) || parent === 'menu') return 'button';
  return 'short';
}

/** The longest text of each role, with where it is: what the margins are measured from. */
export type LongestByRole = Partial<Record<TextRole, { length: number; where: string }>>;

/** Adds one language's texts of a dictionary to `longest` (`where` names the file). */
/** A fact's placeholder counts as the fact shown: up to four digits (a year). */
const FACT_PLACEHOLDER = new RegExp(`\\{(?:${FACT_NAMES.join('|')})\\}`, 'g');

/** The characters a text shows, as its lengths are measured. */
export function shownLength(text: string): number {
  return [...text.replace(FACT_PLACEHOLDER, '0000').trim()].length;
}

export function measureRoles(
  dictionary: Dictionary,
  value: unknown,
  where: string,
  longest: LongestByRole,
): void {
  visitTexts(dictionary.root, value, (text, path, node) => {
    const role = text === undefined ? undefined : roleOf(path, node);
    if (!role || text === undefined) return;
    const length = shownLength(text);
    if (length > (longest[role]?.length ?? 0))
      longest[role] = { length, where: `${where} → ${path}` };
  });
}
