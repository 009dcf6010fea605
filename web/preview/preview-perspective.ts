/**
 * Which texts a preview shows. Presentation names the perspective it shows in the
 * `sanity-preview-perspective` cookie (set by next-sanity's enable route from the preview URL):
 * `drafts`, or while a release is chosen in the Studio the stack of releases it reads, highest
 * priority first, usually ending in `drafts` (`rLaunch,drafts`). A stack of release names is read
 * as it is (content/perspective.ts: the site as it will look once those releases are
 * published, over the drafts when the stack ends in `drafts`); anything else, `published`
 * included, is the drafts perspective, the preview's own.
 */
import { isReleaseName } from '@/content/perspective';

export type PreviewPerspective = 'drafts' | readonly [string, ...string[]];

export function previewPerspective(value: string | undefined): PreviewPerspective {
  if (!value) return 'drafts';
  const names = value.split(',').map((name) => name.trim());
  const releases = names.at(-1) === 'drafts' ? names.slice(0, -1) : names;
  if (releases.length === 0 || !releases.every(isReleaseName)) return 'drafts';
  return names as [string, ...string[]];
}

/** The release whose versions a preview edits: the first of its stack, if it reads one. */
export function editedRelease(perspective: PreviewPerspective): string | undefined {
  return perspective === 'drafts' ? undefined : perspective[0];
}
