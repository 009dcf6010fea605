/**
 * Runs the server components of a React tree, as Next's server does before it renders
 * HTML, and rejects with the first error one throws. The content gate's render check runs
 * inside Next's server-component layer, where React DOM's server renderer cannot be
 * imported (Next refuses `react-dom/server` there) and client components are references
 * to code of another layer: those are not run (the texts they get are plain props), but
 * what is passed to them as children is.
 */
import { createElement, isValidElement, type ElementType, type ReactElement } from 'react';

const CLIENT_REFERENCE = Symbol.for('react.client.reference');
const MEMO = Symbol.for('react.memo');
const FORWARD_REF = Symbol.for('react.forward_ref');

type Component = ((props: unknown) => unknown) & { $$typeof?: symbol };
type Wrapper = { $$typeof: symbol; type?: unknown; render?: Component };

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Element-valued props (children, and any other slot a component takes). */
async function runProps(props: Record<string, unknown>): Promise<void> {
  for (const value of Object.values(props)) {
    if (typeof value === 'object' && value !== null) await runServerComponents(value);
  }
}

export async function runServerComponents(node: unknown): Promise<void> {
  if (isThenable(node)) return runServerComponents(await node);
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const child of node) await runServerComponents(child);
    return;
  }
  if (!isValidElement(node)) return;
  const { type, props } = node as ReactElement<Record<string, unknown>>;
  if (typeof type === 'function') {
    const component = type as Component;
    if (component.$$typeof === CLIENT_REFERENCE) return runProps(props);
    return runServerComponents(component(props));
  }
  if (typeof type === 'object' && type !== null) {
    const wrapper = type as Wrapper;
    if (wrapper.$$typeof === CLIENT_REFERENCE) return runProps(props);
    if (wrapper.$$typeof === MEMO)
      return runServerComponents(createElement(wrapper.type as ElementType, props));
    if (wrapper.$$typeof === FORWARD_REF && wrapper.render)
      return runServerComponents(wrapper.render(props));
  }
  // Host elements, fragments, Suspense: their children.
  return runProps(props);
}
