/**
 * The framework's scripts start after the largest paint: the rewrite of a page.
 *
 * The page is Next's own: `testing/next-page.html` is what `next build` with Next 16.4.6 wrote
 * for `/tr/gibt-es-nicht` (a 404 page, the smallest), before any rewrite. `e2e/late-scripts.test.ts` checks that today's
 * build still writes its scripts the way this copy does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { afterLargestPaint, withLateScripts, type ScriptLoader } from './late-scripts';
import { attributeOf, scriptsOf, withElementsChanged, withoutElements } from './testing/next-html';

const PAGE = readFileSync(new URL('testing/next-page.html', import.meta.url), 'utf8');
const NEXT = scriptsOf(PAGE);

/** The page rewritten, with what the rewrite reported. */
function rewrite(html: string, { loader }: { loader?: ScriptLoader } = {}) {
  const problems: string[] = [];
  const out = withLateScripts(html, {
    report: (problem) => problems.push(problem),
    ...(loader && { loader }),
  });
  return { html: out, problems };
}

const loaderOf = (html: string) =>
  scriptsOf(html).inline.filter((script) => script.includes('largest-contentful-paint'));

describe("withLateScripts on Next's HTML", () => {
  it('the page as Next wrote it has async framework scripts and a script preload', () => {
    // What the rest of this file relies on: if Next stops writing these, it says so here.
    expect(NEXT.framework.length).toBeGreaterThan(2);
    expect(NEXT.framework.every(({ attributes }) => attributes.join() === 'async,src')).toBe(true);
    expect(NEXT.preloads.length).toBeGreaterThan(0);
  });

  it('takes every framework script and script preload out, and no other element', () => {
    const { html, problems } = rewrite(PAGE);
    expect(scriptsOf(html).framework).toEqual([]);
    expect(scriptsOf(html).preloads).toEqual([]);
    // The rest of the document is Next's: the two trees differ only in what moved.
    const moved = (element: Parameters<Parameters<typeof withoutElements>[1]>[0]) =>
      (element.tagName === 'script' &&
        attributeOf(element, 'async') !== undefined &&
        NEXT.framework.some(({ src }) => src === attributeOf(element, 'src'))) ||
      (element.tagName === 'link' && attributeOf(element, 'as') === 'script');
    const loader = (element: Parameters<typeof moved>[0]) =>
      element.tagName === 'script' &&
      attributeOf(element, 'src') === undefined &&
      element.childNodes.some(
        (child) => 'value' in child && child.value.includes('largest-contentful-paint'),
      );
    expect(withoutElements(html, loader)).toBe(withoutElements(PAGE, moved));
    expect(problems).toEqual([]);
  });

  it('adds one loader at the end of the body that starts the same scripts, in order, once the largest paint is reported', () => {
    const { html } = rewrite(PAGE);
    const [loader, ...more] = loaderOf(html);
    expect(more).toEqual([]);
    expect(loader).toBe(afterLargestPaint(NEXT.framework.map(({ src }) => src)));
    expect(html.endsWith(`<script>${loader}</script></body></html>`)).toBe(true);
    // Where nothing is painted (a hidden tab) the load event starts them.
    expect(loader).toContain('addEventListener("load"');
  });

  it('keeps the old browsers’ script and the inline data scripts where they are', () => {
    const { html } = rewrite(PAGE);
    expect(html).toContain('noModule=""');
    const data = NEXT.inline.filter((script) => script.includes('self.__next_f'));
    expect(data.length).toBeGreaterThan(0);
    expect(scriptsOf(html).inline.filter((script) => script.includes('self.__next_f'))).toEqual(
      data,
    );
  });

  it('recognises the scripts by parsing: attributes in another order, other quotes', () => {
    const reordered = withElementsChanged(PAGE, (element) => {
      if (element.tagName === 'script' || element.tagName === 'link') element.attrs.reverse();
    });
    expect(reordered).toMatch(/<script async="" src="\/_next\//);
    const { html, problems } = rewrite(reordered);
    expect(scriptsOf(html).framework).toEqual([]);
    expect(loaderOf(html)).toEqual([afterLargestPaint(NEXT.framework.map(({ src }) => src))]);
    expect(problems).toEqual([]);
  });

  it('leaves framework scripts of a shape it does not know where they are, and reports the page', () => {
    // As if Next started writing its chunks as modules.
    const changed = withElementsChanged(PAGE, (element) => {
      if (element.tagName === 'script' && attributeOf(element, 'async') !== undefined)
        element.attrs.push({ name: 'type', value: 'module' });
    });
    const { html, problems } = rewrite(changed);
    expect(scriptsOf(html).framework).toEqual(scriptsOf(changed).framework);
    expect(loaderOf(html)).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${NEXT.framework.length} framework script\\(s\\) left where Next put them, of a shape the rewrite does not know or after </body> \\(first: <script .*type="module".*>\\).*Next's HTML changed`,
      ),
    );
  });

  it('adds the loader at the end of a document that has no </body>, and reports it', () => {
    const cut = PAGE.slice(0, PAGE.lastIndexOf('</body>'));
    const { html, problems } = rewrite(cut);
    expect(scriptsOf(html).framework).toEqual([]);
    expect(html.endsWith(`<script>${loaderOf(html)[0]}</script>`)).toBe(true);
    expect(problems).toEqual([expect.stringMatching(/has no <\/body>/)]);
  });

  it('leaves a framework script after </body> where it is, and reports it', () => {
    const late = '<script src="/_next/static/chunks/late.js" async=""></script>';
    const { html, problems } = rewrite(PAGE.replace('</body></html>', `</body>${late}</html>`));
    expect(html.endsWith(`</body>${late}</html>`)).toBe(true);
    expect(problems).toEqual([expect.stringMatching(/^1 framework script\(s\) .*after <\/body>/)]);
  });

  it('leaves a framework script cut off by the end of the document as it is, and reports it', () => {
    const firstChunk = PAGE.indexOf(`<script src="${NEXT.framework[0]!.src}"`);
    const cut = PAGE.slice(0, PAGE.indexOf('>', firstChunk) + 1);
    const { html, problems } = rewrite(cut);
    expect(html.endsWith(cut.slice(firstChunk))).toBe(true);
    expect(loaderOf(html)).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/ends inside a framework script/)]);
  });

  it('leaves a document without framework scripts as it is, other sites’ scripts too', () => {
    const plain =
      '<!DOCTYPE html><html><head><script src="https://www.googletagmanager.com/gtag/js" async=""></script>' +
      '<script src="http://[" async=""></script></head><body><p>x</p></body></html>';
    expect(rewrite(plain)).toEqual({ html: plain, problems: [] });
  });

  it('takes another loader (the benchmark compares them)', () => {
    const { html } = rewrite(PAGE, { loader: (sources) => `start(${sources.length})` });
    expect(html).toContain(`<script>start(${NEXT.framework.length})</script></body>`);
  });
});
