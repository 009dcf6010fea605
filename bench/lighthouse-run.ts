/**
 * Lighthouse as the benchmarks run it: the mobile preset with simulated throttling, in Debian
 * Chromium started once for a whole run; one audit per call, its scores and timings.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from '@/testing/chromium';
import { median } from './statistics';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface Audit {
  /** In the order of CATEGORIES, 0–100. */
  readonly scores: number[];
  readonly lcp: number;
  readonly fcp: number;
  readonly tbt: number;
  readonly cls: number;
  /** Bytes of script transferred by the page. */
  readonly scriptBytes: number;
}

interface Details {
  items?: { resourceType?: string; transferSize?: number }[];
}

export async function startLighthouse() {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  return {
    async audit(url: string): Promise<Audit> {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result!.lhr;
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const details = (id: string) => lhr.audits[id]?.details as Details | undefined;
      return {
        scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
        lcp: value('largest-contentful-paint'),
        fcp: value('first-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        scriptBytes:
          details('resource-summary')?.items?.find((item) => item.resourceType === 'script')
            ?.transferSize ?? NaN,
      };
    },
    stop() {
      chrome.kill();
    },
  };
}

/** The median of each figure over repeated audits of one page. */
export function medianAudit(audits: readonly Audit[]): Audit {
  return {
    scores: CATEGORIES.map((_, i) => median(audits.map((a) => a.scores[i]!))),
    lcp: median(audits.map((a) => a.lcp)),
    fcp: median(audits.map((a) => a.fcp)),
    tbt: median(audits.map((a) => a.tbt)),
    cls: median(audits.map((a) => a.cls)),
    scriptBytes: median(audits.map((a) => a.scriptBytes)),
  };
}

/** Appends one audit to a page's list. */
export function record(into: Map<string, Audit[]>, key: string, audit: Audit): void {
  into.set(key, [...(into.get(key) ?? []), audit]);
}
