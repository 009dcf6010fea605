/**
 * A local SMTP server for tests (`smtp-server` on 127.0.0.1): it receives what the site's
 * real SMTP client sends, parses each message with `mailparser`, and keeps it with its
 * envelope. It can be stopped and started again on the same port, as an SMTP provider that
 * goes down and comes back.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly envelopeTo: readonly string[];
  readonly mail: ParsedMail;
}

export interface MailServer {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>`, the form SMTP_URL takes. */
  readonly url: string;
  readonly received: readonly ReceivedMail[];
  /** The mails to one address so far. */
  to(address: string): ReceivedMail[];
  /** Waits until `address` has received `count` mails, or fails after `timeoutMs`. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening: connections are refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };
  await listen();

  const to = (address: string) => received.filter((r) => r.envelopeTo.includes(address));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, count = 1, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline)
          throw new Error(
            `${address} received ${to(address).length} of ${count} mail(s) in ${timeoutMs} ms`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return to(address);
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    start: () => (server ? Promise.resolve() : listen()),
  };
}
