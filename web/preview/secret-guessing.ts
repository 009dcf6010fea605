/**
 * Guessing preview secrets, slowed per client: each client (by address, see
 * web/edge/client-address.ts) may present a few wrong or expired secrets a minute; after
 * that it is answered 429 with `Retry-After` until the oldest failure leaves the minute,
 * without the secret being checked. Every refusal is logged. A secret is 32 random bytes,
 * so this is not what keeps it safe; it keeps a guesser from costing a store query each.
 */
export const FAILURES_PER_MINUTE = 5;
const WINDOW_MS = 60_000;
/** Clients remembered at most; beyond it the oldest are forgotten (memory stays bounded). */
const CLIENTS_REMEMBERED = 10_000;

export class SecretGuessing {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(client: string): number[] {
    const since = this.now() - WINDOW_MS;
    const times = (this.failures.get(client) ?? []).filter((time) => time > since);
    if (times.length) this.failures.set(client, times);
    else this.failures.delete(client);
    return times;
  }

  /** Seconds the client must wait before its next try, or 0. */
  retryAfter(client: string): number {
    const times = this.recent(client);
    if (times.length < FAILURES_PER_MINUTE) return 0;
    return Math.max(1, Math.ceil((times[0]! + WINDOW_MS - this.now()) / 1000));
  }

  /** Records a wrong secret; returns how many the client sent within the minute. */
  failed(client: string): number {
    const times = [...this.recent(client), this.now()];
    this.failures.delete(client);
    this.failures.set(client, times);
    if (this.failures.size > CLIENTS_REMEMBERED)
      this.failures.delete(this.failures.keys().next().value!);
    return times.length;
  }
}
