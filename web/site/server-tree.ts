/**
 * Runs the server components of a React tree, as Next's server does before it renders
 * HTML, and rejects with the first error one throws. The content gate's render check runs
 * inside Next's server-component layer, where React DOM's server renderer cannot be
 * imported (Next refuses `react-dom/server` there) and client components are references
 * to code of another layer: those are not run (the texts they get are plain props), but
 * what is passed to them as children is.
 *
 * `resolveServerComponents` returns the tree they render, each host element (`<h1>`,
 * `<a>`) passed through `visitHost` on the way: how pages mark texts shown in another
 * language (web/i18n/foreign-texts.ts) wherever a component put them.
 */
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ElementType,
  type ReactElement,
  type ReactNode,
} from 'react';

const CLIENT_REFERENCE = Symbol.for('react.client.reference');
const MEMO = Symbol.for('react.memo');
const FORWARD_REF = Symbol.for('react.forward_ref');

type Component = ((props: unknown) => unknown) & { $$typeof?: symbol };
type Wrapper = { $$typeof: symbol; type?: unknown; render?: Component };
type Props = Record<string, unknown>;

/** Given a host element whose children are resolved, returns it or its replacement. */
export type HostVisitor = (element: ReactElement<Props>) => ReactNode;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Element-valued props (children, and any other slot a component takes), resolved. */
async function resolveProps(props: Props, visitHost: HostVisitor | undefined): Promise<Props> {
  const resolved: Props = {};
  for (const [name, value] of Object.entries(props)) {
    if (
      typeof value === 'object' &&
      value !== null &&
      (name === 'children' || isValidElement(value))
    )
      resolved[name] = await resolveServerComponents(value, visitHost);
  }
  return resolved;
}

/** What a component rendered, under the component element's key (siblings keep theirs). */
async function rendered(
  node: ReactElement,
  output: unknown,
  visitHost: HostVisitor | undefined,
): Promise<ReactNode> {
  const tree = await resolveServerComponents(output, visitHost);
  return node.key === null ? tree : createElement(Fragment, { key: node.key }, tree);
}

export async function resolveServerComponents(
  node: unknown,
  visitHost?: HostVisitor,
): Promise<ReactNode> {
  if (isThenable(node)) return resolveServerComponents(await node, visitHost);
  if (typeof node !== 'object' || node === null) return node as ReactNode;
  if (Array.isArray(node)) {
    const children: ReactNode[] = [];
    for (const child of node) children.push(await resolveServerComponents(child, visitHost));
    return children;
  }
  if (!isValidElement(node)) return node as ReactNode;
  const element = node as ReactElement<Props>;
  const { type, props } = element;
  if (typeof type === 'function') {
    const component = type as Component;
    if (component.$$typeof !== CLIENT_REFERENCE)
      return rendered(element, component(props), visitHost);
  } else if (typeof type === 'object' && type !== null) {
    const wrapper = type as Wrapper;
    if (wrapper.$$typeof === MEMO)
      return resolveServerComponents(
        createElement(wrapper.type as ElementType, { ...props, key: element.key }),
        visitHost,
      );
    if (wrapper.$$typeof === FORWARD_REF && wrapper.render)
      return rendered(element, wrapper.render(props), visitHost);
  }
  // Client components, host elements, fragments, Suspense: their element-valued props.
  const resolved = cloneElement(element, await resolveProps(props, visitHost));
  return typeof type === 'string' && visitHost ? visitHost(resolved) : resolved;
}

export async function runServerComponents(node: unknown): Promise<void> {
  await resolveServerComponents(node);
}
