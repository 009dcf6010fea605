/** Monogram badges for the 11 social platforms; the link's accessible name comes from the dictionary. */
import type { SocialPlatform } from '@/schemas/normalise/chrome';

const MONOGRAMS: Record<SocialPlatform, string> = {
  discord: 'DC',
  twitter: 'X',
  instagram: 'IG',
  youtube: 'YT',
  tiktok: 'TT',
  facebook: 'FB',
  linkedin: 'IN',
  github: 'GH',
  itch: 'IO',
  googlePlay: 'GP',
  steam: 'ST',
};

export function SocialIcon({ platform }: { platform: SocialPlatform }) {
  return (
    <span className={`social-icon social-icon--${platform}`} aria-hidden="true">
      {MONOGRAMS[platform]}
    </span>
  );
}
