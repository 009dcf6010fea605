/**
 * The signup itself, loaded when the visitor focuses the field or submits (not with the
 * page): validation, settings, the Firebase write and the error message to show.
 */
import type { DictionaryOf } from '@/schemas';
import { backendConfig, recaptchaSiteKey } from '../firebase/config';
import { errorMessage, signupFields, SignupError, type SignupContext } from './signup';

type Texts = Pick<DictionaryOf<'newsletter'>, 'genericError' | 'errors'>;

export async function submitSignup(
  email: string,
  texts: Texts,
  context: SignupContext,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const fields = signupFields(email, navigator.userAgent, context);
    const config = backendConfig();
    if (!config) throw new SignupError('backend-not-configured');
    const siteKey = recaptchaSiteKey();
    if (!siteKey)
      throw new SignupError('app-check-unavailable', 'no reCAPTCHA site key configured');
    const { writeSignup } = await import('./write');
    await writeSignup(config, siteKey, fields);
    return { ok: true };
  } catch (error) {
    const code = error instanceof SignupError ? error.code : 'unknown';
    const raw = error instanceof Error ? error.message : String(error);
    return { ok: false, message: errorMessage(code, texts, raw) };
  }
}
