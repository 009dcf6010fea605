/**
 * What the shared blocks show, already normalised: the feature folders' presence rules
 * (web/pages/page-models.ts, web/sections/section-models.ts) produce them, and web/ui renders them, so
 * the shared layer never imports a feature folder.
 */
export interface Entry {
  readonly title: string;
  readonly description: string;
}
export interface Milestone extends Entry {
  readonly year: string;
}

export interface Stat {
  readonly label: string;
  readonly value: string;
  readonly description?: string;
}

export interface FaqItem {
  readonly question: string;
  /** Paragraphs of the answer, blank ones dropped. */
  readonly answer: string[];
}
