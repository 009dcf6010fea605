import { describe, expect, it } from 'vitest';
import { exitTarget, rawParameter } from './exit-target';

describe('where leaving a preview goes', () => {
  it.each([
    ['/de/about', '/de/about'],
    ['/about?x=1#team', '/about?x=1#team'],
    // Non-ASCII as a URL writes it: a valid Location that lands on the same page.
    ['/de/über-uns', '/de/%C3%BCber-uns'],
    ['/%C3%BCber', '/%C3%BCber'],
    ['/tr/iletişim?q=ğ', '/tr/ileti%C5%9Fim?q=%C4%9F'],
    // Not a path of this site, or one whose encoding does not decode: the home page.
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['/%E0', '/'],
    ['/\ufffd', '/'],
    ['/a\u200bb', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (to, target) => expect(exitTarget(to)).toBe(target));
});

describe("the exit link's target parameter", () => {
  it.each([
    ['?to=%2Fde%2F%C3%BCber', '/de/über'],
    ['?a=1&to=/about&to=/other', '/about'],
    ['?to=/%E0', null],
    ['?to=', ''],
    ['?x=1', null],
  ])('%s → %s', (search, value) => expect(rawParameter(search, 'to')).toBe(value));
});
