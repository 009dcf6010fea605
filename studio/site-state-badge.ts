/**
 * Beside Publish, what the site made of the last publish of this dictionary: "Live on the
 * site", "Held back: …" with the problems, or "Published, not yet live everywhere: …" (Redis
 * unreachable, a CDN purge pending), updated until it is live. The local API answers it from
 * the webhook's answer and the site's status (content/publish-state.ts); a backend without
 * that route (a Sanity project) shows no badge.
 */
import { useEffect, useState } from 'react';
import { useClient, type DocumentBadgeComponent } from 'sanity';
import { describePublishState, type PublishState } from '../content/publish-state';

const ASK_EVERY_MS = 2_000;

export const SiteStateBadge: DocumentBadgeComponent = (props) => {
  const client = useClient({ apiVersion: '2025-02-19' });
  const [state, setState] = useState<PublishState>({ state: 'none' });
  const revision = props.published?._rev;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (): void =>
      void client
        .request<PublishState>({
          uri: `/site-state/${client.config().dataset}/${encodeURIComponent(props.id)}`,
        })
        .then(
          (next) => {
            if (stopped) return;
            setState(next);
            timer = setTimeout(ask, ASK_EVERY_MS);
          },
          // No such route (a Sanity project): nothing to show, nothing to ask again.
          () => undefined,
        );
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, props.id, revision]);
  const text = describePublishState(state);
  if (!text) return null;
  return {
    label: text,
    title: text,
    color: state.state === 'live' ? 'success' : state.state === 'held-back' ? 'danger' : 'warning',
  };
};
