/**
 * Mendoza patches (Sanity's format for "what a transaction did to a document"): the Studio
 * applies them to its copy of a document on every listener event, and rebuilds old
 * revisions and "Review changes" from them. Field-level patches (rather than replacing the
 * whole value) let the history attribute each change to the field it touched.
 *
 * Operation codes, from the mendoza package's patcher: 0 Value, 1 Copy, 2 Blank,
 * 5 ReturnIntoObjectSameKey, 6 PushField, 7 PushElement, 9 Pop, 16 ReturnIntoArrayPop,
 * 17 ObjectSetFieldValue, 19 ObjectDeleteField, 20 ArrayAppendValue, 21 ArrayAppendSlice.
 */
import { isDeepStrictEqual } from 'node:util';

type Json = unknown;
export type MendozaPatch = unknown[];

const VALUE = 0;
const COPY = 1;
const BLANK = 2;
const RETURN_INTO_OBJECT_SAME_KEY = 5;
const PUSH_FIELD = 6;
const PUSH_ELEMENT = 7;
const POP = 9;
const RETURN_INTO_ARRAY_POP = 16;
const OBJECT_SET_FIELD_VALUE = 17;
const OBJECT_DELETE_FIELD = 19;
const ARRAY_APPEND_VALUE = 20;
const ARRAY_APPEND_SLICE = 21;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Operations that leave the patched form of `left` (the current input) on the output stack. */
function diffValue(left: Json, right: Json, out: unknown[]): void {
  if (isDeepStrictEqual(left, right)) {
    out.push(COPY);
  } else if (isObject(left) && isObject(right)) {
    diffObject(left, right, out);
  } else if (Array.isArray(left) && Array.isArray(right)) {
    diffArray(left, right, out);
  } else {
    out.push(VALUE, right);
  }
}

function diffObject(left: Record<string, Json>, right: Record<string, Json>, out: unknown[]) {
  // Field operations address the input's keys by their index in sorted order.
  const keys = Object.keys(left).sort();
  out.push(COPY);
  keys.forEach((key, index) => {
    if (!Object.hasOwn(right, key)) out.push(OBJECT_DELETE_FIELD, index);
  });
  for (const [key, value] of Object.entries(right)) {
    if (!Object.hasOwn(left, key)) {
      out.push(OBJECT_SET_FIELD_VALUE, value, key);
    } else if (!isDeepStrictEqual(left[key], value)) {
      out.push(PUSH_FIELD, keys.indexOf(key));
      diffValue(left[key], value, out);
      out.push(RETURN_INTO_OBJECT_SAME_KEY, POP);
    }
  }
}

/** Array items are matched by `_key` where both sides have one, else by position. */
function diffArray(left: Json[], right: Json[], out: unknown[]) {
  const byKey = new Map<string, number>();
  left.forEach((item, index) => {
    if (isObject(item) && typeof item._key === 'string') byKey.set(item._key, index);
  });
  out.push(BLANK);
  let run: [number, number] | undefined;
  const flush = () => {
    if (run) out.push(ARRAY_APPEND_SLICE, run[0], run[1]);
    run = undefined;
  };
  right.forEach((item, position) => {
    const keyed =
      isObject(item) && typeof item._key === 'string' ? byKey.get(item._key) : undefined;
    const source = keyed ?? (byKey.size === 0 && position < left.length ? position : undefined);
    if (source !== undefined && isDeepStrictEqual(left[source], item)) {
      if (run && run[1] === source) run[1] = source + 1;
      else {
        flush();
        run = [source, source + 1];
      }
      return;
    }
    flush();
    if (source !== undefined && typeof left[source] === 'object' && left[source] !== null) {
      out.push(PUSH_ELEMENT, source);
      diffValue(left[source], item, out);
      out.push(RETURN_INTO_ARRAY_POP);
    } else {
      out.push(ARRAY_APPEND_VALUE, item);
    }
  });
  flush();
}

/** The patch that turns `before` into `after`; `null` stands for "no document". */
export function mendozaDiff(before: Json | null, after: Json | null): MendozaPatch {
  if (before === null || after === null) return [VALUE, after];
  const out: unknown[] = [];
  diffValue(before, after, out);
  return out;
}

/** Both directions, as listener events and history entries carry them. */
export function mendozaEffects(
  before: Json | null,
  after: Json | null,
): { apply: MendozaPatch; revert: MendozaPatch } {
  return { apply: mendozaDiff(before, after), revert: mendozaDiff(after, before) };
}
