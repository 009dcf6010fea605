/**
 * Beside Publish, what the site made of the last publish of this dictionary: "Live on the
 * site", "Held back: …" with the problems, or "Published, not yet live everywhere: …" (Redis
 * unreachable, a CDN purge pending), updated until it is live. The local API answers it from
 * the webhook's answer and the site's status (content/publish-state.ts), in the interface
 * language (studio/editor-i18n.ts); a backend without
 * that route (a Sanity project) shows no badge.
 */
import { useEffect, useState } from 'react';
import { useClient, useTranslation, type DocumentBadgeComponent } from 'sanity';
import { publishStateText, type PublishState } from '../content/publish-state';
import { EDITOR_NAMESPACE } from './editor-i18n';

const ASK_EVERY_MS = 2_000;

export const SiteStateBadge: DocumentBadgeComponent = (props) => {
  const client = useClient({ apiVersion: '2025-02-19' });
  const { t } = useTranslation(EDITOR_NAMESPACE);
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
  const words = publishStateText(state);
  if (!words) return null;
  const { key, ...values } = words;
  const text = t(key, values);
  return {
    label: text,
    title: text,
    color: state.state === 'live' ? 'success' : state.state === 'held-back' ? 'danger' : 'warning',
  };
};
