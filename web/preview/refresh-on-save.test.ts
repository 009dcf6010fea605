/**
 * A framed preview renders again on a saved edit the Studio reports, once for mutations
 * reported together, and on nothing else: not on another message type, another event, or the
 * same message from another window.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, refreshOnSavedEdits } from './refresh-on-save';

const snapshot = (type: string) => ({
  type: 'presentation/snapshot-event',
  data: { event: { type, documentId: 'drafts.dictionary-hero' } },
});

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('a preview in the Studio', () => {
  it('renders again when the Studio reports a saved edit, from the window framing it only', () => {
    const page = new EventTarget();
    const { port1: studio, port2: stranger } = new MessageChannel();
    let renders = 0;
    const stop = refreshOnSavedEdits(page, studio, () => (renders += 1));
    const send = (data: unknown, source: MessagePort) =>
      page.dispatchEvent(new MessageEvent('message', { data, source }));
    const settle = () => vi.advanceTimersByTime(COALESCE_MS);

    send(snapshot('mutation'), studio);
    settle();
    expect(renders).toBe(1);
    // A whole-site restore: one render for its mutations.
    for (let i = 0; i < 23; i += 1) send(snapshot('mutation'), studio);
    settle();
    expect(renders).toBe(2);

    send(snapshot('welcome'), studio);
    send({ type: 'presentation/refresh', data: { source: 'mutation' } }, studio);
    send(snapshot('mutation'), stranger);
    send(null, studio);
    settle();
    expect(renders).toBe(2);

    send(snapshot('mutation'), studio);
    stop();
    settle();
    send(snapshot('mutation'), studio);
    settle();
    expect(renders).toBe(2);
    studio.close();
    stranger.close();
  });
});
