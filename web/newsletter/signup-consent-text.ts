/**
 * The consent text: what a visitor reads next to the signup button when they agree to get
 * the newsletter. Its version (a hash of the texts) travels with every signup, and the
 * server keeps the texts of each version, so the proof of a consent shows the very words
 * the visitor agreed to. The form's page and the server compute it from the same texts.
 */
import { presentText } from '@/web/ui/presence';
import { TEXT_VERSION_PATTERN, textVersion } from '@/web/site/text-version';

/** The texts of the newsletter section that make up the consent (the model or the dictionary). */
export interface ConsentTextSource {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly form: {
    readonly emailLabel?: string | undefined;
    readonly buttonLabel?: string | undefined;
    readonly privacyNote?: string | undefined;
  };
}

export interface ConsentText {
  readonly title: string;
  readonly description: string;
  readonly emailLabel: string;
  readonly buttonLabel: string;
  readonly privacyNote: string;
}

/** A version is 16 hex digits; the rules accept nothing else in a signup. */
export const CONSENT_VERSION_PATTERN = TEXT_VERSION_PATTERN;

/**
 * The consent texts as shown: trimmed, blank ones empty. `clean` removes what a preview
 * encodes into texts, so a preview and the published page agree.
 */
export function consentText(
  source: ConsentTextSource,
  clean: (text: string) => string = (text) => text,
): ConsentText {
  const shown = (text: string | undefined) =>
    presentText(text === undefined ? '' : clean(text)) ?? '';
  return {
    title: shown(source.title),
    description: shown(source.description),
    emailLabel: shown(source.form.emailLabel),
    buttonLabel: shown(source.form.buttonLabel),
    privacyNote: shown(source.form.privacyNote),
  };
}

/** The first 16 hex digits of the SHA-256 of the texts, in a fixed order. */
export function consentVersion(text: ConsentText): string {
  return textVersion([
    text.title,
    text.description,
    text.emailLabel,
    text.buttonLabel,
    text.privacyNote,
  ]);
}
