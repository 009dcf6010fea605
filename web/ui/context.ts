/** What every rendered block needs besides its own texts: the language and shared labels. */
import type { DictionaryOf } from '@/schemas';
import type { Language } from '@/schemas/languages';

export interface UiContext {
  readonly language: Language;
  readonly labels: DictionaryOf<'common'>['labels'];
}
