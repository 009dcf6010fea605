/**
 * The form of a dictionary: Sanity's own, a little denser. Sanity spaces the fields of a
 * document and of every block 52 px apart and pads its tab row by 20 px more, which on a
 * laptop screen left room for three inputs. Every field here has its title, description and
 * a line along its languages, so 1.5rem apart reads as clearly. Only spacing changes (matched
 * on Sanity's `data-ui`/`data-testid` markers): if a Studio upgrade renames them, the form
 * is as roomy as Sanity makes it, and the room test in studio/browser/ says so.
 */
import type { InputProps } from 'sanity';
import { styled } from 'styled-components';

const FIELD_GAP = '1.5rem';

const Dense = styled.div`
  /* The document's fields, and those of each block (an object input: a grid of one stack). */
  & > [data-ui='Stack'],
  & [data-ui='Grid'] > [data-ui='Stack'] {
    gap: ${FIELD_GAP};
  }
  & > [data-ui='Stack'] > [data-testid='field-groups'] {
    padding-bottom: 0;
  }
  /* Tabs a little closer (Sanity's Inline spaces its items by padding), so that seven fit
     on one line of a laptop's pane. */
  & [data-testid='field-group-tabs'] {
    margin-left: -2px;
  }
  & [data-testid='field-group-tabs'] > div {
    padding-left: 2px;
  }
`;

export function DictionaryForm(props: InputProps) {
  return <Dense data-dictionary-form>{props.renderDefault(props)}</Dense>;
}
