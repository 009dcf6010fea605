/**
 * Beside Publish, what the site made of the last publish of this dictionary: "Live on the
 * site", "Held back: …" with the problems, or "Published, not yet live everywhere: …" (Redis
 * unreachable, a CDN purge pending), updated until it is live. The local API answers it from
 * the webhook's answer and the site's status (content/site-state.ts), in the interface
 * language (studio/editor-i18n.ts); a backend without
 * that route (a Sanity project) shows no badge.
 */
import { useEffect, useState } from 'react';
import { useClient, useTranslation, type DocumentBadgeComponent } from 'sanity';
import { siteStateText, stateOnSite, type SiteState, type SiteServes } from '../content/site-state';
import { siteUrl } from './env';
import { EDITOR_NAMESPACE } from './editor-i18n';

const ASK_EVERY_MS = 2_000;

export const SiteStateBadge: DocumentBadgeComponent = (props) => {
  const client = useClient({ apiVersion: '2025-02-19' });
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const [state, setState] = useState<SiteState>({ state: 'none' });
  const revision = props.published?._rev;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (): void =>
      void client
        .request<SiteState>({
          uri: `/site-state/${client.config().dataset}/${encodeURIComponent(props.id)}`,
        })
        .then(
          (next) => {
            if (stopped) return;
            setState(next);
            timer = setTimeout(ask, ASK_EVERY_MS);
          },
          // No such route (a Sanity project): the site says whether it serves the revision.
          () => askSite(),
        );
    const askSite = (): void => {
      if (!revision) return;
      const query = new URLSearchParams({ document: props.id, rev: revision });
      void fetch(`${siteUrl}/api/content-status?${query}`)
        .then((response) => (response.ok ? (response.json() as Promise<SiteServes>) : undefined))
        .then(
          (answer) => {
            if (stopped || !answer) return;
            const next = stateOnSite(answer);
            setState(next);
            if (next.state !== 'live') timer = setTimeout(askSite, ASK_EVERY_MS);
          },
          // The site unreachable from the editor's browser: nothing to show.
          () => undefined,
        );
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, props.id, revision]);
  const words = siteStateText(state);
  if (!words) return null;
  const { key, ...values } = words;
  const text = t(key, values);
  return {
    label: text,
    title: text,
    color: state.state === 'live' ? 'success' : state.state === 'held-back' ? 'danger' : 'warning',
  };
};
