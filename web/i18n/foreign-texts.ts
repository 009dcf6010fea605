/**
 * Texts a page shows in a language other than its own. A German or Turkish text missing
 * from its dictionary is shown in English (schemas/walk.ts splits it so); a screen reader
 * must then read it with English rules, so the element that holds it says `lang="en"`.
 *
 * Components get plain strings, so the marking is done on the rendered tree, by text: an
 * element whose text is a fallback gets the attribute, a fallback among other children
 * gets a `<span lang>` of its own. Texts in attributes (a label, an alternative text)
 * cannot carry a language of their own and stay unmarked.
 */
import {
  cloneElement,
  createElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
import { getDictionary, type Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { isPresentText } from '@/schemas/rules';
import { splitDocument } from '@/schemas/walk';
import type { HostVisitor } from '../site/server-tree';
import type { ForeignTexts } from '../site/page-source';
import { plainText } from '../site/plain-text';

/** The texts of one stored dictionary that a page in `language` shows in another language. */
export function foreignTextsOf(
  namespace: Namespace,
  stored: object | undefined,
  language: Language,
): [string, Language][] {
  const found: [string, Language][] = [];
  if (!stored) return found;
  splitDocument(getDictionary(namespace), stored, language, namespace, {
    onText: (text) => {
      if (text.language !== language && isPresentText(text.value))
        found.push([text.value.trim(), text.language]);
    },
  });
  return found;
}

/** Where a text is code or a head entry, not something read out. */
const UNMARKED = new Set(['script', 'style', 'title', 'textarea', 'option']);

/** The text of children made of strings and line-break opportunities only, else undefined. */
function textOf(children: unknown): string | undefined {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (!Array.isArray(children)) return undefined;
  let text = '';
  for (const child of children) {
    if (typeof child === 'string' || typeof child === 'number') text += String(child);
    else if (!(isValidElement(child) && child.type === 'wbr')) return undefined;
  }
  return text;
}

/** Marks the host elements of a page in `pageLanguage` that hold one of `foreign`. */
export function markForeignTexts(foreign: ForeignTexts, pageLanguage: Language): HostVisitor {
  const languageOf = (text: string) => {
    const language = foreign.get(plainText(text).trim());
    return language === pageLanguage ? undefined : language;
  };
  return (element: ReactElement<Record<string, unknown>>): ReactNode => {
    if (foreign.size === 0 || UNMARKED.has(element.type as string)) return element;
    const { children, lang } = element.props;
    const whole = textOf(children);
    if (whole !== undefined) {
      const language = languageOf(whole);
      // A language a component set itself (a language's own name) stays.
      return language && lang === undefined ? cloneElement(element, { lang: language }) : element;
    }
    if (!Array.isArray(children)) return element;
    let changed = false;
    const marked = children.map((child: unknown, index) => {
      const language = typeof child === 'string' ? languageOf(child) : undefined;
      if (!language) return child;
      changed = true;
      return createElement('span', { key: `lang-${index}`, lang: language }, child as string);
    });
    return changed ? cloneElement(element, {}, ...(marked as ReactNode[])) : element;
  };
}
