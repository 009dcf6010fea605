/**
 * What the real SMTP client reports for each answer of a real SMTP server (smtp-server on
 * 127.0.0.1), and so whether a request may be sent again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createServer, type AddressInfo } from 'node:net';
import { freePort } from '@/testing/processes';
import { sendMail, type OutgoingMail } from './mailer';

const MAIL: OutgoingMail = {
  from: { name: 'RG Games', address: 'newsletter@rggames.example' },
  to: 'ada@rggames.example',
  subject: 'Bitte bestätige deine Newsletter-Anmeldung',
  text: 'Hallo',
  html: '<p>Hallo</p>',
  messageId: '<r1.1@rggames.example>',
  language: 'de',
};

let server: SMTPServer | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

async function smtp(options: SMTPServerOptions): Promise<string> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

const reply = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

describe('sendMail', () => {
  it('sends with the recorded message id and the language header', async () => {
    let raw = '';
    const url = await smtp({
      onData(stream, _session, callback) {
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => callback());
      },
    });
    await expect(sendMail(url, MAIL)).resolves.toMatchObject({ kind: 'sent' });
    expect(raw).toMatch(/^Message-ID: <r1\.1@rggames\.example>\r$/m);
    expect(raw).toMatch(/^Content-Language: de\r$/m);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
  });

  it('hands the address to SMTP as one mailbox, never as a list to parse', async () => {
    const recipients: string[] = [];
    const url = await smtp({
      onRcptTo(address, _session, callback) {
        recipients.push(address.address);
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    for (const to of ['a@rggames.example,b@rggames.example', 'x1<c@rggames.example>'])
      await sendMail(url, { ...MAIL, to });
    // Parsed as a list these would reach a@, b@ and c@, none of them the address counted.
    expect(recipients.filter((address) => /^[abc]@rggames\.example$/.test(address))).toEqual([]);
    await sendMail(url, MAIL);
    expect(recipients.at(-1)).toBe('ada@rggames.example');
  });

  it('retries when no server answers (the mail cannot have gone out)', async () => {
    const outcome = await sendMail(`smtp://127.0.0.1:${await freePort()}`, MAIL);
    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('retries after a temporary refusal (4xx)', async () => {
    const url = await smtp({
      onRcptTo: (_a, _s, callback) => callback(reply(451, 'try again later')),
    });
    await expect(sendMail(url, MAIL)).resolves.toMatchObject({ kind: 'retry' });
  });

  it('gives up after a permanent refusal (5xx)', async () => {
    const url = await smtp({
      onRcptTo: (_a, _s, callback) => callback(reply(550, 'no such user')),
    });
    await expect(sendMail(url, MAIL)).resolves.toMatchObject({ kind: 'permanent' });
  });

  it('never sends again when the connection drops after the message was handed over', async () => {
    // A server that takes the whole message and then goes away without saying whether it
    // kept it (smtp-server always answers, so this one speaks the few lines itself).
    const dropping = createServer((socket) => {
      let data = false;
      let buffered = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        if (data) {
          if (buffered.includes('\r\n.\r\n')) socket.destroy();
          return;
        }
        let end;
        while ((end = buffered.indexOf('\r\n')) !== -1) {
          const line = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (/^EHLO/i.test(line)) socket.write('250 test\r\n');
          else if (/^DATA/i.test(line)) {
            data = true;
            socket.write('354 go ahead\r\n');
          } else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = dropping.address() as AddressInfo;
      await expect(sendMail(`smtp://127.0.0.1:${port}`, MAIL)).resolves.toMatchObject({
        kind: 'uncertain',
      });
    } finally {
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });
});
