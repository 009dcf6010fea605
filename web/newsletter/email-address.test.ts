/**
 * The newsletter accepts an address only as its owner typed and sees it: no invisible,
 * control, format or separator characters, at most 254 characters; only a plain
 * `local@domain` (no display name, comment, group, list, quoted string or route), kept as its
 * one canonical mailbox; a refused one is explained in the visitor's language.
 * firestore.rules checks the same (rules/email-address.rules.test.ts).
 */
import { readFileSync } from 'node:fs';
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { EMAIL_MAX, errorMessage, normaliseEmail, type SignupError } from './signup';

const REFUSED_INSIDE = {
  'zero-width space': '\u200b',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte-order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  tab: '\t',
  'line feed': '\n',
  NUL: '\0',
  DEL: '\u007f',
  'C1 control': '\u0085',
  space: ' ',
  'no-break space': '\u00a0',
  'ideographic space': '\u3000',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
};

const code = (run: () => unknown) => {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return (error as SignupError).code;
  }
};

describe('an e-mail address', () => {
  it.each(Object.entries(REFUSED_INSIDE))('with a %s inside is refused', (_, char) => {
    expect(code(() => normaliseEmail(`ada${char}@rggames.example`))).toBe('email-invalid');
    expect(code(() => normaliseEmail(`ada@rg${char}games.example`))).toBe('email-invalid');
  });

  it('is trimmed and lower-cased; an empty one is required, a malformed one invalid', () => {
    expect(normaliseEmail('  Ada@RGGames.Example \n')).toBe('ada@rggames.example');
    expect(normaliseEmail('jürgen@müller.example')).toBe('jürgen@xn--mller-kva.example');
    expect(code(() => normaliseEmail(' \t'))).toBe('email-required');
    for (const malformed of ['ada', 'ada@', '@rggames.example', 'ada@rggames', 'a@b@c.example'])
      expect(
        code(() => normaliseEmail(malformed)),
        malformed,
      ).toBe('email-invalid');
  });

  // The spellings of issue #37's probe: nodemailer read each as an address (list) reaching
  // box@example.org, while the limit counted each as an address of its own.
  it.each([
    'x1<box@example.org>',
    '(x2)box@example.org',
    'box@example.org>',
    '"x6"<box@example.org>',
    'box(x7)@example.org',
    'box@example.org,box@example.org',
    'group:box@example.org;',
    '@relay.example:box@example.org',
    '"box"@example.org',
    'box\\@example.org',
    'box@[127.0.0.1]',
    'box@127.0.0.1',
    'box@example.org.',
    'box@example..org',
    'box@example.org/x',
    'box@example.org:25',
    'box@exa_mple.org',
    'box@-example.org',
  ])('that is not a plain local@domain is refused: %s', (address) => {
    expect(code(() => normaliseEmail(address))).toBe('email-invalid');
  });

  it('is kept as its one mailbox: local part lower-cased, domain in ASCII form', () => {
    const mailbox = 'box@xn--bcher-kva.example';
    for (const spelling of [
      'box@bücher.example',
      'BOX@BÜCHER.example',
      'box@XN--BCHER-KVA.example',
      'box@ｂücher．example',
    ])
      expect(normaliseEmail(spelling), spelling).toBe(mailbox);
    expect(normaliseEmail('Box@Ｅxample。org')).toBe('box@example.org');
    // The same ASCII form as Node's url.domainToASCII (UTS #46), which the server would use.
    for (const domain of ['bücher.example', 'faß.de', '例え.テスト', 'ＥＸＡＭＰＬＥ．ｏｒｇ'])
      expect(normaliseEmail(`a@${domain}`)).toBe(`a@${domainToASCII(domain)}`);
  });

  it(`is at most ${EMAIL_MAX} characters`, () => {
    const at = (length: number) =>
      `${'a'.repeat(length - '@rggames.example'.length)}@rggames.example`;
    expect(normaliseEmail(at(EMAIL_MAX))).toHaveLength(EMAIL_MAX);
    expect(code(() => normaliseEmail(at(EMAIL_MAX + 1)))).toBe('email-invalid');
  });

  it.each(LANGUAGES)('refused, is explained in the visitor’s language (%s)', (language) => {
    const texts = JSON.parse(
      readFileSync(`locales/${language}/newsletter.json`, 'utf8'),
    ) as DictionaryOf<'newsletter'>;
    const message = errorMessage('email-invalid', texts, 'email-invalid');
    expect(message).toBe(texts.errors.emailInvalid);
    expect(message).not.toBe(texts.genericError);
  });
});
