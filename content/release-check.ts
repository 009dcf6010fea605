/**
 * Asks the site whether a release may go live: `POST <site>/api/release-check` with
 * `{"release": "<name>"}` (and `"waiveOutdated": true` when the editor waived outdated
 * translations), signed like the publish webhook. The route sits beside the webhook's: the
 * last segment of SITE_REVALIDATE_URL replaced. The site answers 200 with `ready` or
 * `blocked` and why.
 */
import type { Language } from '@/schemas/languages';
import { sendPublishWebhook } from './webhook';

/** What stops a release (the site's answer names the document, and where it can, the text). */
export interface ReleaseProblem {
  readonly document: string;
  readonly language?: Language;
  readonly path?: string;
  readonly message: string;
}

/** An English text the release changes whose German or Turkish it does not. */
export interface OutdatedText {
  readonly document: string;
  readonly language: Language;
  readonly path: string;
}

/** The site's answer, the one shape both ends read. */
export interface ReleaseCheckAnswer {
  readonly status: 'ready' | 'blocked';
  readonly release: string;
  readonly problems: readonly ReleaseProblem[];
  readonly outdated: readonly OutdatedText[];
}

/** `http://site/api/revalidate` → `http://site/api/release-check`. */
export function releaseCheckUrl(revalidateUrl: string): string {
  return new URL('release-check', revalidateUrl).href;
}

const CHECK_TIMEOUT_MS = 60_000;

/** The site's answer; throws with a sentence when the site is unreachable or answers otherwise. */
export async function askReleaseCheck(
  revalidateUrl: string,
  secret: string,
  release: string,
  { waiveOutdated = false }: { waiveOutdated?: boolean } = {},
): Promise<ReleaseCheckAnswer> {
  const url = releaseCheckUrl(revalidateUrl);
  const body = JSON.stringify({ release, ...(waiveOutdated ? { waiveOutdated: true } : {}) });
  const response = await sendPublishWebhook(url, body, secret, {
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: Partial<ReleaseCheckAnswer> | undefined;
  try {
    answer = JSON.parse(text) as Partial<ReleaseCheckAnswer>;
  } catch {
    answer = undefined;
  }
  if (response.status !== 200 || (answer?.status !== 'ready' && answer?.status !== 'blocked'))
    throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return {
    status: answer.status,
    release,
    problems: Array.isArray(answer.problems) ? answer.problems : [],
    outdated: Array.isArray(answer.outdated) ? answer.outdated : [],
  };
}

/** One line saying why a release is blocked, for the log and the release document. */
export function blockedReason(answer: ReleaseCheckAnswer, waived: boolean): string {
  const problems = answer.problems.map(
    (problem) =>
      `${problem.document}${problem.language ? ` (${problem.language})` : ''}${problem.path ? ` ${problem.path}` : ''}: ${problem.message}`,
  );
  if (!waived && answer.outdated.length > 0)
    problems.push(
      `translations outdated in the release: ${answer.outdated.map((item) => `${item.document} ${item.language} ${item.path}`).join(', ')}`,
    );
  return `the site's release check blocked it: ${problems.join('; ') || 'no reason given'}`;
}
