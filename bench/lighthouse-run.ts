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
  /** Why Lighthouse could not measure the page on this run (its error code or message). */
  readonly error?: string;
}

/** The median figures of a page over its runs, and the runs Lighthouse could not measure. */
export interface MedianAudit extends Omit<Audit, 'error'> {
  readonly failures: readonly string[];
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
      // A run Lighthouse could not measure (no paint seen, a protocol timeout) is reported as
      // such, never as a median made of NaN.
      const unmeasured = ['first-contentful-paint', 'largest-contentful-paint']
        .map((id) => lhr.audits[id])
        .find((audit) => audit?.numericValue === undefined);
      const error =
        lhr.runtimeError?.code ??
        (unmeasured ? (unmeasured.errorMessage ?? `no ${unmeasured.id}`) : undefined);
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
        ...(error && { error }),
      };
    },
    stop() {
      chrome.kill();
    },
  };
}

/**
 * The median of each figure over the runs Lighthouse measured (NaN when it measured none), with
 * the errors of the runs it could not.
 */
export function medianAudit(audits: readonly Audit[]): MedianAudit {
  const measured = audits.filter((a) => a.error === undefined);
  const middle = (values: number[]) => (values.length ? median(values) : NaN);
  return {
    scores: CATEGORIES.map((_, i) => middle(measured.map((a) => a.scores[i]!))),
    lcp: middle(measured.map((a) => a.lcp)),
    fcp: middle(measured.map((a) => a.fcp)),
    tbt: middle(measured.map((a) => a.tbt)),
    cls: middle(measured.map((a) => a.cls)),
    scriptBytes: middle(measured.map((a) => a.scriptBytes)),
    failures: audits.flatMap((a) => (a.error === undefined ? [] : [a.error])),
  };
}

/** Appends one audit to a page's list. */
export function record(into: Map<string, Audit[]>, key: string, audit: Audit): void {
  into.set(key, [...(into.get(key) ?? []), audit]);
}
