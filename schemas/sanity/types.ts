/**
 * The shapes of the Studio's schema as schemas/ derives them: plain objects (the shape
 * Sanity's `defineType` takes), so schemas/ does not depend on the Studio.
 */
import type { Namespace } from '../index';

/** The part of Sanity's validation context the derived validations read. */
export interface ValidationContextLike {
  parent?: unknown;
  document?: unknown;
  /** From the document root: field names, array indexes or `{ _key }` of array items. */
  path?: readonly unknown[];
  /** The Studio's client (reads other documents: the glossary). */
  getClient?: (options: { apiVersion: string }) => {
    fetch<T>(query: string, params: Record<string, unknown>, options: object): Promise<T>;
  };
  /** Where the validation runs: in the Studio as one edits, or `sanity documents validate`. */
  environment?: 'cli' | 'studio';
}

/** A custom rule's answer: valid, a message, or a message per Studio locale (`en-US`, `de-DE`). */
export type CustomResult = true | string | Readonly<Record<string, string>>;

/** The part of Sanity's Rule API the derived validations use. */
export interface RuleLike {
  custom(
    fn: (value: unknown, context: ValidationContextLike) => CustomResult | Promise<CustomResult>,
  ): RuleLike;
  warning(): RuleLike;
  error(): RuleLike;
  required(): RuleLike;
  integer(): RuleLike;
  min(value: number): RuleLike;
  max(value: number): RuleLike;
  regex(pattern: RegExp, options?: { name?: string }): RuleLike;
}

/** What a list item or document shows as its title in lists, search, toasts and history. */
export interface SanityPreview {
  select: Record<string, string>;
  prepare: (selection: Record<string, unknown>) => { title: string; subtitle?: string };
}

export interface SanityField {
  name: string;
  type: string;
  title?: string;
  description?: string | undefined;
  fields?: SanityField[];
  of?: SanityField[];
  options?: Record<string, unknown>;
  validation?: (rule: RuleLike) => RuleLike | RuleLike[];
  preview?: SanityPreview;
  rows?: number;
  /** The field group (tab) of a top-level field of a document with groups. */
  group?: string;
  /** Kept in the document but never shown as a field. */
  hidden?: boolean;
}

/** A tab of a document's form: one top-level block, or the loose texts together. */
export interface SanityFieldGroup {
  name: string;
  title: string;
  /** The tab the form opens on. */
  default?: boolean;
  /** Not offered as a tab (Sanity's own "All fields" tab, see ALL_FIELDS_HIDDEN). */
  hidden?: boolean;
}

export interface SanityDocumentType {
  name: string;
  type: 'document';
  title: string;
  description?: string | undefined;
  fields: SanityField[];
  groups?: SanityFieldGroup[];
  preview: SanityPreview;
  /** The namespace, for the Studio structure and coverage badges. */
  namespace: Namespace;
}
