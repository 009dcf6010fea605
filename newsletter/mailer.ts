/**
 * Sends one confirmation mail through the SMTP server in `SMTP_URL` (nodemailer) and says
 * what became of it, so the request is retried only when the mail surely did not go out:
 *
 * - an answer with a code: 2xx sent, 4xx retry later, 5xx refused for good;
 * - no answer: if the server had not yet asked for the message (its 354 reply to DATA), no
 *   mail can have gone out, so retry; once the message was handed over, a lost connection
 *   leaves it open whether the server kept it, and the request is never sent again (one
 *   request, at most one mail).
 *
 * One connection per mail: confirmations are few, and a pool would hold connections open.
 */
import nodemailer from 'nodemailer';
import type { SendOutcome } from './outbox';

export interface OutgoingMail {
  readonly from: { readonly name: string; readonly address: string };
  /** One canonical mailbox (../mailbox.ts). */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** `<…@…>`: recorded before sending, so the provider's logs can be searched for it. */
  readonly messageId: string;
  readonly language: string;
}

/** Every attempt ends well within the send lease (records.ts SEND_LEASE_MS, 3 minutes). */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

const ERROR_LENGTH = 500;

interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as SmtpError;
  return [code, message ?? String(error)].filter(Boolean).join(': ').slice(0, ERROR_LENGTH);
}

/** The outcome of a failed send, from the server's answer and whether the message was handed over. */
export function failedSendOutcome(error: unknown, handedOver: boolean): SendOutcome {
  const { responseCode } = (error ?? {}) as SmtpError;
  const described = describe(error);
  if (typeof responseCode === 'number' && responseCode >= 500)
    return { kind: 'permanent', error: described };
  if (typeof responseCode === 'number' && responseCode >= 400)
    return { kind: 'retry', error: described };
  return handedOver ? { kind: 'uncertain', error: described } : { kind: 'retry', error: described };
}

export async function sendMail(smtpUrl: string, mail: OutgoingMail): Promise<SendOutcome> {
  let handedOver = false;
  const ignore = () => undefined;
  // nodemailer's transcript is the only place that tells whether the server asked for the
  // message; its lines (which include the message and its link) are read here, never logged.
  const transcript = {
    trace: ignore,
    info: ignore,
    warn: ignore,
    error: ignore,
    fatal: ignore,
    debug: (entry: unknown, line: unknown) => {
      if (
        (entry as { tnx?: string } | undefined)?.tnx === 'server' &&
        String(line).startsWith('354')
      )
        handedOver = true;
    },
  };
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...TIMEOUTS,
    logger: transcript,
    debug: true,
  });
  try {
    const info = await transport.sendMail({
      from: mail.from,
      // One address object: given a string, nodemailer parses an address list, in which
      // `x1<box@example.org>` or `a@example.org,b@example.org` name other or more mailboxes
      // than the one the limit and the proof count.
      to: { name: '', address: mail.to },
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: {
        'Content-Language': mail.language,
        // RFC 3834: sent by a program in answer to a signup; no auto-replies to it.
        'Auto-Submitted': 'auto-generated',
      },
    });
    return { kind: 'sent', response: String(info.response ?? '').slice(0, ERROR_LENGTH) };
  } catch (error) {
    return failedSendOutcome(error, handedOver);
  } finally {
    transport.close();
  }
}
