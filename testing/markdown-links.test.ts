/**
 * Every link between the project's Markdown pages leads somewhere: the file exists and, when
 * the link names a heading, the page has that heading (GitHub's anchor for it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = execFileSync('git', ['ls-files', '*.md'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchor(heading!)));
}

function brokenLinks(page: string): string[] {
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
    if (/^[a-z]+:/.test(target!)) return [];
    const [file, hash] = target!.split('#');
    const linked = file ? path.join(path.dirname(page), file) : page;
    if (!existsSync(linked)) return [`${page}: ${target} (no such file)`];
    if (hash && linked.endsWith('.md') && !anchorsOf(linked).has(hash))
      return [`${page}: ${target} (no such heading)`];
    return [];
  });
}

describe('the Markdown pages', () => {
  it('are found', () => expect(PAGES).toContain('README.md'));
  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
