/**
 * The export for the mailing tool (`npm run newsletter -- export-confirmed`) opens safely in
 * a spreadsheet: addresses the rules accept, such as `=1+2-a@example.org`, come out as text,
 * not formulas, and the file stays valid CSV, read back here by a real CSV parser.
 */
import { parse } from 'csv-parse/sync';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { confirmedCsv } from './export';
import type { Subscriber } from '@/web/newsletter/server/signup-records';

/** What OWASP names as the start of a formula in Excel, LibreOffice and Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

const HOSTILE = [
  '=1+2-a@example.org',
  "=cmd|'/ccalc'!a0-b@example.org",
  '+1-c@example.org',
  '-2+d@example.org',
  '@sum(1+1)e@example.org',
  '=hyperlink("https://evil.example","x")f@example.org',
  'plain@example.org',
];

const subscriber = (email: string): Subscriber => ({
  email,
  status: 'confirmed',
  language: 'de',
  firstRequestedAt: Timestamp.fromMillis(0),
  recentRequests: [],
  confirmedAt: Timestamp.fromMillis(1_764_000_000_000),
  consentVersion: '0123456789abcdef',
  unsubscribeToken: 'A'.repeat(43),
});

describe('the confirmed subscribers as CSV', () => {
  const csv = confirmedCsv(HOSTILE.map(subscriber), 'https://rggames.example');
  const rows = parse(csv);

  it('is RFC 4180 CSV: one header, one row per subscriber, CRLF line ends', () => {
    expect(rows[0]![0]).toBe('email');
    expect(rows).toHaveLength(HOSTILE.length + 1);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/"[^"]*"/g, '').split('\r\n')).toHaveLength(HOSTILE.length + 2);
  });

  it('has no cell a spreadsheet would evaluate', () => {
    const formulas = rows.flat().filter((cell) => FORMULA_START.test(cell));
    expect(formulas).toEqual([]);
  });

  it('keeps each address readable: a leading quote only before a formula character', () => {
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      HOSTILE.map((email) => (FORMULA_START.test(email) ? `'${email}` : email)),
    );
    expect(rows[1]!.slice(1, 5)).toEqual([
      'de',
      '2025-11-24T16:00:00.000Z',
      '0123456789abcdef',
      `https://rggames.example/de/newsletter/unsubscribe?token=${'A'.repeat(43)}`,
    ]);
  });

  it('quotes a cell with a comma, quote or line break, and the parser gets it back whole', () => {
    const [, row] = parse(
      confirmedCsv([subscriber('a,"b"\r\n=c@example.org')], 'https://x.example'),
    );
    expect(row![0]).toBe('a,"b"\r\n=c@example.org');
    const [, tab] = parse(confirmedCsv([subscriber('\t=d@example.org')], 'https://x.example'));
    expect(tab![0]).toBe("'\t=d@example.org");
  });
});
