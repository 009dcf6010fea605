import { describe, expect, it } from 'vitest';
import { runServerComponents } from './server-tree';

/** A client component as Next's server-component layer sees it: a reference, not code. */
const clientReference = Object.defineProperties(
  () => {
    throw new Error('client code must not run in the server-component layer');
  },
  { $$typeof: { value: Symbol.for('react.client.reference') } },
) as unknown as (props: { children?: React.ReactNode; label: string }) => React.ReactNode;

function Heading({ text }: { text: string }) {
  if (text.includes('\u2603')) throw new Error(`cannot measure ${text}`);
  return <h1>{text}</h1>;
}

async function Section({ text }: { text: string }) {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return <section>{[<Heading key="a" text="Ok" />, <Heading key="b" text={text} />]}</section>;
}

describe('running the server components of a tree', () => {
  it('runs nested and async server components and rejects with what one throws', async () => {
    await expect(runServerComponents(<Section text="Haltung" />)).resolves.toBeUndefined();
    await expect(runServerComponents(<Section text="Hal☃tung" />)).rejects.toThrow(
      'cannot measure Hal☃tung',
    );
  });

  it('does not run client components, but the server components passed to them', async () => {
    const Client = clientReference;
    await expect(runServerComponents(<Client label="x" />)).resolves.toBeUndefined();
    await expect(
      runServerComponents(
        <Client label="x">
          <>
            <Section text="☃" />
          </>
        </Client>,
      ),
    ).rejects.toThrow('cannot measure ☃');
  });
});
