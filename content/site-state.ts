/**
 * What became of a publish, for the person who published it: the site's answer to the
 * webhook, followed up with the site's status until the publish is live everywhere. The local
 * API (`GET /v<date>/site-state/<dataset>/<document id>`) answers this to the Studio, whose
 * badge beside Publish shows it (studio/site-state-badge.ts).
 */
import type { DeliveryOutcome } from './notify-site';

export type SiteState =
  /** Nothing was published from here yet. */
  | { readonly state: 'none' }
  | { readonly state: 'live' }
  | { readonly state: 'held-back'; readonly problems: readonly string[] }
  /** Published and saved; the site, its other instances or the CDN do not show it yet. */
  | { readonly state: 'pending'; readonly reasons: readonly string[] }
  /**
   * As a Studio on a Sanity project learns it from the site (no local API to pass on the
   * webhook's answer): the site does not serve the published revision yet, or it does but
   * reports a problem (Redis, a CDN purge). Why is in the site's status detail.
   */
  | { readonly state: 'not-on-site' }
  | { readonly state: 'site-degraded' };

/** The site's public answer to `/api/content-status?document=<id>&rev=<_rev>`. */
export interface SiteServes {
  readonly status: 'ok' | 'degraded';
  readonly serves: boolean;
}

/** What the site's public answer says of a publish. */
export function stateOnSite(answer: SiteServes): SiteState {
  if (!answer.serves) return { state: 'not-on-site' };
  return answer.status === 'ok' ? { state: 'live' } : { state: 'site-degraded' };
}

/** The part of the site's `/api/content-status` (detail) this reads. */
interface SiteStatus {
  readonly sharedCache?: { readonly redis?: string; readonly address?: string };
  readonly cdnPurge?: {
    readonly pending?: readonly { tag: string; ageSeconds: number; error: string }[];
  };
}

/** The webhook's answer alone: what is known right after the publish. */
export function stateOfDelivery(delivery: DeliveryOutcome): SiteState {
  const { answer } = delivery;
  if (delivery.notThisSite) return { state: 'pending', reasons: [String(answer)] };
  if (delivery.status === null)
    return { state: 'pending', reasons: [`the site was not reached (${String(answer)})`] };
  if (typeof answer === 'string')
    return { state: 'pending', reasons: [`the site answered ${delivery.status}: ${answer}`] };
  switch (answer.status) {
    case 'revalidated':
      return { state: 'live' };
    case 'held-back':
      return { state: 'held-back', problems: answer.problems };
    case 'ignored':
      return { state: 'none' };
    case 'rejected':
    case 'unavailable':
      return { state: 'pending', reasons: [answer.message] };
  }
}

/**
 * Follows a publish the site took (or refused for a passing fault) with its status: not live
 * everywhere while Redis is unreachable or a CDN purge is pending (purges are sent together,
 * and one pending means the CDN is not confirming); live once neither holds (the site's
 * reconciliation finishes a publish answered 503 by then).
 */
export function followUp(delivery: DeliveryOutcome, status: SiteStatus): SiteState {
  const first = stateOfDelivery(delivery);
  if (first.state === 'held-back' || first.state === 'none') return first;
  const reasons: string[] = [];
  if (status.sharedCache?.redis === 'unreachable')
    reasons.push(`the shared cache (Redis at ${status.sharedCache.address}) is unreachable`);
  for (const purge of status.cdnPurge?.pending ?? [])
    reasons.push(
      `the CDN purge of ${purge.tag} has waited ${purge.ageSeconds} s (${purge.error || 'sending'})`,
    );
  return reasons.length ? { state: 'pending', reasons } : { state: 'live' };
}

/**
 * What the Studio says for a state: the key of its words (studio/editor-i18n.ts, in the
 * interface language) and what they name; the problems and reasons are the site's own words.
 */
export function siteStateText(
  state: SiteState,
):
  | { key: 'site-state.live' }
  | { key: 'site-state.held-back'; problems: string }
  | { key: 'site-state.pending'; reasons: string }
  | { key: 'site-state.not-on-site' | 'site-state.site-degraded' }
  | null {
  switch (state.state) {
    case 'none':
      return null;
    case 'live':
      return { key: 'site-state.live' };
    case 'held-back':
      return { key: 'site-state.held-back', problems: state.problems.join('; ') };
    case 'pending':
      return { key: 'site-state.pending', reasons: state.reasons.join('; ') };
    case 'not-on-site':
    case 'site-degraded':
      return { key: `site-state.${state.state}` };
  }
}
