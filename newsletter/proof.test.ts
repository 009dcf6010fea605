/**
 * `npm run newsletter -- proof` prints what happened and nothing else: a user agent or page
 * holding a line break, a date and "withdrawn via unsubscribe link", terminal escapes or
 * bidirectional overrides is printed as one JSON string in its event, never as an event of
 * its own or an effect on the terminal.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { newsletterCommand } from './commands';
import { jsonText } from './json-text';
import { formatProof, type ProofRecord } from './proof';

const FORGED =
  'Mozilla/5.0\n  2026-11-25T03:27:52.580Z  withdrawn       via unsubscribe link' +
  '\r\u001b[2K\u009b2K\u2028\u202eknil\u200b\u007f\u{e0041}';
const at = (iso: string) => Timestamp.fromDate(new Date(iso));

const record: ProofRecord = {
  subscriberId: 'f'.repeat(64),
  subscriber: {
    email: 'ada@rggames.example',
    status: 'confirmed',
    language: 'de',
    firstRequestedAt: at('2026-11-25T03:27:42.169Z'),
    recentRequests: [],
    confirmedAt: at('2026-11-25T03:27:49.107Z'),
    consentVersion: '5a4360ce3f1f885f',
    unsubscribeToken: 'A'.repeat(43),
  },
  requests: [],
  consentTexts: {},
  waiting: false,
  events: [
    {
      type: 'requested',
      at: at('2026-11-25T03:27:42.169Z'),
      requestId: 'r1',
      page: `/de\n  2026-11-25T03:27:50.000Z  withdrawn       via unsubscribe link`,
      language: 'de',
      consentVersion: '5a4360ce3f1f885f',
      userAgent: FORGED,
    },
    {
      type: 'confirmed',
      at: at('2026-11-25T03:27:49.107Z'),
      requestId: 'r1',
      userAgent: FORGED,
    },
  ],
};

describe('the printed proof', () => {
  const printed = formatProof('ada@rggames.example', record);
  const lines = printed.split('\n');

  it('lists exactly the stored events, one line each', () => {
    const events = lines.filter((line) => /^\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+\S/.test(line));
    expect(events.map((line) => line.trim().split(/\s+/)[1])).toEqual(['requested', 'confirmed']);
  });

  it('holds no control, format or line separator character but its line breaks', () => {
    expect(printed.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
  });

  it('shows each visitor-supplied value whole, as a JSON string', () => {
    const agents = [...printed.matchAll(/user agent ("(?:[^"\\]|\\.)*")/g)].map(
      ([, quoted]) => JSON.parse(quoted!) as string,
    );
    expect(agents).toEqual([FORGED, FORGED]);
    const [, page] = printed.match(/page ("(?:[^"\\]|\\.)*")/)!;
    expect(JSON.parse(page!)).toBe(
      record.events[0]!.type === 'requested' && record.events[0]!.page,
    );
    expect(lines[0]).toBe('Proof of consent: "ada@rggames.example"');
  });
});

describe('the proof as JSON (--json)', () => {
  it('is the record, times in ISO 8601, every character printable and read back whole', () => {
    const text = jsonText({ email: 'ada@rggames.example', ...record }, 2);
    expect(text.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    const parsed = JSON.parse(text) as { events: { at: string; userAgent: string }[] };
    expect(parsed.events.map((event) => event.at)).toEqual([
      '2026-11-25T03:27:42.169Z',
      '2026-11-25T03:27:49.107Z',
    ]);
    expect(parsed.events[1]!.userAgent).toBe(FORGED);
  });
});

describe('proof of an address that is not a plain local@domain', () => {
  it('says so in one line, before reading any record', async () => {
    const said: string[] = [];
    const io = {
      env: {},
      log: (text: string) => said.push(text),
      error: (text: string) => said.push(text),
    };
    await expect(newsletterCommand(['proof', 'x1<box@example.org>\n'], io)).resolves.toBe(2);
    expect(said).toEqual([
      '"x1<box@example.org>\\n" is not a plain e-mail address (local@domain): no record.',
    ]);
  });
});
