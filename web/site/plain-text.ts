/**
 * A text without the edit info a preview encodes into it (invisible characters). Used
 * wherever a text is measured or becomes an attribute: a heading's width must be the
 * width of what is seen, and labels, placeholders and page heads carry nothing hidden.
 * Published texts have none, so this leaves them as they are.
 */
import { stegaClean } from '@sanity/client/stega';

export function plainText(text: string): string;
export function plainText(text: string | undefined): string | undefined;
export function plainText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : stegaClean(text);
}
