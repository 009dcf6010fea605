/**
 * A page's HTML read by a full HTML parser (parse5's document tree), for the tests of the
 * late-scripts rewrite: what they expect is read this way, independently of the streaming
 * rewrite they check.
 */
import { parse, serialize, type DefaultTreeAdapterMap } from 'parse5';

export type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** Every element of the document, in document order. */
export function elementsOf(root: ParentNode): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes)
      if ('tagName' in child) {
        found.push(child);
        visit(
          child.tagName === 'template'
            ? (child as DefaultTreeAdapterMap['template']).content
            : child,
        );
      }
  };
  visit(root);
  return found;
}

export const attributeOf = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

const isFrameworkPath = (address: string | undefined) =>
  address !== undefined &&
  (URL.parse(address, 'http://site.invalid')?.pathname.startsWith('/_next/') ?? false);

export interface PageScripts {
  /** `<script src>` elements under `/_next/` that modern browsers run (not `nomodule`). */
  readonly framework: { readonly src: string; readonly attributes: readonly string[] }[];
  /** `<link rel="preload" as="script">` elements under `/_next/`. */
  readonly preloads: string[];
  /** The text of every inline script. */
  readonly inline: string[];
}

export function scriptsOf(html: string): PageScripts {
  const elements = elementsOf(parse(html));
  const scripts = elements.filter((element) => element.tagName === 'script');
  return {
    framework: scripts
      .filter((script) => isFrameworkPath(attributeOf(script, 'src')))
      .filter((script) => attributeOf(script, 'nomodule') === undefined)
      .map((script) => ({
        src: attributeOf(script, 'src')!,
        attributes: script.attrs.map((attr) => attr.name).sort(),
      })),
    preloads: elements
      .filter(
        (element) =>
          element.tagName === 'link' &&
          attributeOf(element, 'rel') === 'preload' &&
          attributeOf(element, 'as') === 'script' &&
          isFrameworkPath(attributeOf(element, 'href')),
      )
      .map((link) => attributeOf(link, 'href')!),
    inline: scripts
      .filter((script) => attributeOf(script, 'src') === undefined)
      .map((script) => serialize(script)),
  };
}

/**
 * The document with the elements `drop` picks removed, serialized: two pages that differ only
 * in those elements serialize the same.
 */
export function withoutElements(html: string, drop: (element: Element) => boolean): string {
  const document = parse(html);
  for (const element of elementsOf(document))
    if (drop(element)) {
      const siblings = element.parentNode!.childNodes;
      siblings.splice(siblings.indexOf(element), 1);
    }
  return serialize(document);
}

/** The document with `change` applied to each element, serialized. */
export function withElementsChanged(html: string, change: (element: Element) => void): string {
  const document = parse(html);
  for (const element of elementsOf(document)) change(element);
  return serialize(document);
}
