import { describe, expect, it } from 'vitest';
import { pathOfKey, stableHtml } from './stable-html';

/** Keys as Next's cache names pages. */
const key = (path: string) => `/route-cache/APP_PAGE/0f1e2d3c/$${path}`;

/** A page with its data (RSC payload) inlined as Next does: one script per flush of the stream. */
const page = (flushes: string[]) =>
  '<html><body><main>text</main><script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  flushes
    .map((text) => `<script>self.__next_f.push([1,${JSON.stringify(text)}])</script>`)
    .join('') +
  '</body></html>';

const start = (renderedFor: string[]) =>
  `1:"$Sreact.fragment"\n0:{"P":null,"c":${JSON.stringify(renderedFor)},"q":""}\n`;

describe('stableHtml', () => {
  const rows = ['2:["$","p",null,{"children":"Hallo \\"Welt\\""}]\n', '3:"$L2"\n'];

  it('joins the data scripts of any flushing into one, with the same stream text', () => {
    const flushedOnce = page([start(['', 'de']) + rows.join('')]);
    const flushedTwice = page([start(['', 'de']), ...rows]);
    expect(flushedTwice).not.toBe(flushedOnce);
    const stable = stableHtml(flushedTwice, key('/de'));
    expect(stable).toBe(stableHtml(flushedOnce, key('/de')));
    expect(stable.match(/self\.__next_f\.push\(\[1,/g)).toHaveLength(1);
    const streamText = (html: string) =>
      [...html.matchAll(/push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)]
        .map((match) => JSON.parse(match[1]!) as string)
        .join('');
    expect(streamText(stable)).toBe(streamText(flushedTwice));
  });

  it('writes the route the page is kept under as the address it was rendered for', () => {
    expect(pathOfKey(key('/en/about'))).toBe('/en/about');
    const onDemand = stableHtml(page([start(['', 'about']), ...rows]), key('/en/about'));
    const built = page([start(['', 'en', 'about']), ...rows]);
    expect(onDemand).toBe(stableHtml(built, key('/en/about')));
    // The build's page, flushed once, is left exactly as Next wrote it.
    const once = page([start(['', 'en', 'about']) + rows.join('')]);
    expect(stableHtml(once, key('/en/about'))).toBe(once);
    expect(onDemand).toContain('\\"c\\":[\\"\\",\\"en\\",\\"about\\"]');
  });

  it('leaves a page without data scripts as it is', () => {
    const html = '<html><body><p>"c":["",""]</p></body></html>';
    expect(stableHtml(html, key('/en'))).toBe(html);
  });
});
