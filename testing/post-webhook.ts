/**
 * Sends the publish webhook to a running site as Sanity does (signed POST of `{_id, _type}`)
 * and reads the answer with the type the site writes it with.
 */
import { sendPublishWebhook, type WebhookAnswer } from '@/content/webhook';

export interface WebhookReply {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: WebhookAnswer;
}

export async function postWebhook(
  origin: string,
  namespace: string,
  secret: string,
  options: { signedAt?: number; id?: string; body?: string } = {},
): Promise<WebhookReply> {
  const document = options.body ?? {
    _id: options.id ?? `dictionary-${namespace}`,
    _type: `${namespace}Dictionary`,
  };
  const response = await sendPublishWebhook(`${origin}/api/revalidate`, document, secret, {
    signedAt: options.signedAt,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as WebhookAnswer,
  };
}
