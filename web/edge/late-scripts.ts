/**
 * Lets a page paint before the framework's scripts start downloading. Next puts its chunks in
 * the document as `<script src async>`; a phone on a slow connection then fetches them beside
 * the page's CSS and font, and the page's largest text paints only when they are through
 * (measured by `npm run bench:lcp-strategies` and `bench:lighthouse`: 1.7× the same page without
 * scripts; with this, 0.9× to 1.2× depending on the page and the run). Next has no setting for
 * how its own chunks load (the `<Script>` strategies are for other scripts) and no hook into
 * the HTML it sends, so the HTML is rewritten where Next keeps it: its cache
 * (web/edge/page-cache.ts rewrites every prerendered page once per version, and Next sends the
 * rewritten copy).
 *
 * The chunk tags leave the document and one small inline loader at the end of the body adds the
 * same scripts, still async, once the browser has reported the largest paint. The inline data
 * scripts (`self.__next_f`) stay where they are: they only queue the page's data for the
 * framework to read when it starts.
 *
 * - The rewrite parses the HTML (htmlparser2): a script is recognised by its element and
 *   attributes, in whatever order Next writes them, and every byte it does not change stays as
 *   Next wrote it. (parse5 costs 9 ms of CPU for a 58 KB page, against 1.2 ms here.)
 * - A framework script of another shape than the one the loader reproduces (`src` and `async`
 *   only) stays where it is and is reported: the page still works, its scripts just start
 *   early, and the server's log says that Next's HTML changed (`e2e/late-scripts.test.ts`
 *   compares the served pages with Next's own on a real build).
 *
 * Plain TypeScript without path aliases: `server.ts` and Next's cache handler load it directly.
 */
import { Parser } from 'htmlparser2';
/** Next serves what it builds under `/_next/` (from another origin too, with `assetPrefix`). */
const isFrameworkAddress = (address: string | undefined) =>
  address !== undefined &&
  (URL.parse(address, 'http://site.invalid')?.pathname.startsWith('/_next/') ?? false);

/** The inline script that adds the framework's scripts, given their addresses in order. */
export type ScriptLoader = (sources: readonly string[]) => string;

/** The loader's own code: adds each address as an async script to the head. */
export function addScripts(sources: readonly string[]): string {
  // `<` escaped: an address cannot end the inline script early.
  return (
    `${JSON.stringify(sources).replace(/</g, '\\u003c')}.forEach(function(s){var e=document.createElement("script");` +
    'e.src=s;e.async=true;document.head.appendChild(e)})'
  );
}

/**
 * Starts the scripts once the browser has reported the largest paint (or the first paint where
 * it cannot report the largest); after the load event in a hidden tab, which does not paint,
 * and a second after it if nothing was reported. Starting them after the next frame instead was
 * not enough (`bench/lcp-strategies.ts` keeps that variant): that frame's paint is recorded a
 * few milliseconds later than its callbacks run, so the scripts were often requested before
 * the largest paint, and Lighthouse counts their download against it.
 */
export const afterLargestPaint: ScriptLoader = (sources) =>
  '(function(){var o,d,w=window.PerformanceObserver,' +
  't=(w&&w.supportedEntryTypes)||[],' +
  'y=t.indexOf("largest-contentful-paint")>=0?"largest-contentful-paint":t.indexOf("paint")>=0?"paint":"";' +
  `function g(){if(d)return;d=1;if(o)o.disconnect();setTimeout(function(){${addScripts(sources)}},0)}` +
  'if(y){o=new w(g);o.observe({type:y,buffered:true})}' +
  'addEventListener("load",function(){y&&document.visibilityState!=="hidden"?setTimeout(g,1000):g()})})()';

/** What an element is to the rewrite, by its name and attributes (names in lower case). */
type Role = 'chunk' | 'chunk preload' | 'other framework script' | 'other';

function roleOf(name: string, attributes: Readonly<Record<string, string>>): Role {
  if (name === 'script') {
    if (!isFrameworkAddress(attributes.src)) return 'other';
    // What the loader reproduces: an async script and nothing else about it.
    const names = Object.keys(attributes).sort();
    if (names.length === 2 && names[0] === 'async' && names[1] === 'src') return 'chunk';
    // Old browsers' polyfills (`nomodule`): modern browsers never fetch it, so it can stay.
    if (names.includes('nomodule')) return 'other';
    return 'other framework script';
  }
  if (
    name === 'link' &&
    attributes.rel === 'preload' &&
    attributes.as === 'script' &&
    isFrameworkAddress(attributes.href)
  )
    return 'chunk preload';
  return 'other';
}

export interface LateScriptsOptions {
  /** Told, once per page, what the rewrite could not do there: Next's HTML changed. */
  readonly report: (problem: string) => void;
  /** The benchmark compares other loaders; production uses `afterLargestPaint`. */
  readonly loader?: ScriptLoader;
}

/** Next's page with its framework scripts started by the loader. */
export function withLateScripts(
  html: string,
  { report, loader = afterLargestPaint }: LateScriptsOptions,
): string {
  /** What changes, in document order: Next's text from `from` to `to` becomes `text`. */
  const edits: { from: number; to: number; text: string }[] = [];
  const sources: string[] = [];
  const leftInPlace: string[] = [];
  /** Where the framework script being taken out starts, until its end tag. */
  let takingFrom: number | undefined;
  let loaderAt: number | undefined;
  const parser = new Parser({
    onopentag: (name, attributes) => {
      const { startIndex, endIndex } = parser;
      const role = roleOf(name, attributes);
      if (role === 'chunk' && loaderAt === undefined) {
        sources.push(attributes.src!);
        takingFrom = startIndex;
      } else if (role === 'chunk preload') {
        // The preload would start the download the rewrite moves after the paint.
        edits.push({ from: startIndex, to: endIndex + 1, text: '' });
      } else if (role !== 'other') {
        // A shape the loader does not reproduce, or a script after the loader's place.
        leftInPlace.push(html.slice(startIndex, endIndex + 1));
      }
    },
    onclosetag: (name, implied) => {
      // An end implied by a tag that is still being read says nothing about that tag.
      if (implied) return;
      if (name === 'script' && takingFrom !== undefined) {
        edits.push({ from: takingFrom, to: parser.endIndex + 1, text: '' });
        takingFrom = undefined;
      } else if (name === 'body' && sources.length > 0) {
        loaderAt ??= parser.startIndex;
      }
    },
  });
  parser.end(html);
  const problems: string[] = [];
  if (takingFrom !== undefined) {
    // A script cut off by the document's end stays as it is.
    sources.pop();
    problems.push('the document ends inside a framework script, which was left in place');
  }
  if (loaderAt === undefined && sources.length > 0) {
    // A script after the document's end still runs: the page keeps its scripts.
    loaderAt = html.length;
    problems.push('the document has no </body>: the loader was added at its end');
  }
  if (loaderAt !== undefined)
    edits.push({ from: loaderAt, to: loaderAt, text: `<script>${loader(sources)}</script>` });
  if (leftInPlace.length > 0)
    problems.push(
      `${leftInPlace.length} framework script(s) left where Next put them, of a shape ` +
        `the rewrite does not know or after </body> (first: ${leftInPlace[0]}), so ` +
        'they start before the largest paint',
    );
  if (problems.length > 0)
    report(`${problems.join('; ')}. Next's HTML changed: see web/edge/late-scripts.ts`);
  let out = '';
  let at = 0;
  for (const { from, to, text } of edits.sort((x, y) => x.from - y.from)) {
    out += html.slice(at, from) + text;
    at = to;
  }
  return out + html.slice(at);
}
