/**
 * The field actions of a text (copy, paste, …), after its inputs in the tab order.
 *
 * Sanity draws each field's actions menu in the field's header, before its input. A text here
 * is an object with one field per language, so the tab order ran English input → German
 * "Field actions" → German input → Turkish "Field actions" → Turkish input, and an editor who
 * typed English, pressed Tab and typed German lost the German keystrokes on a button. Here
 * the text's own actions and each language's are gathered into one menu placed after the
 * last language input: Tab goes English → German → Turkish, then the menu.
 *
 * The fields are rendered without their actions (`actions: []` to the default field, a
 * supported field-component prop); the actions are resolved and drawn with the Studio's own
 * `FieldActionsResolver` and `FieldActionMenu`, so every action a plugin or the Studio adds
 * (and its hooks) keeps working. Both are exported by `sanity` but marked internal: a Studio
 * upgrade that changes them fails the keyboard test in studio/browser/.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  FieldActionMenu,
  FieldActionsResolver,
  getPublishedId,
  useFormValue,
  type DocumentFieldAction,
  type DocumentFieldActionNode,
  type FieldProps,
  type Path,
  type SchemaType,
  useTranslation,
} from 'sanity';
import { EDITOR_NAMESPACE } from './editor-i18n';

interface ActionSource {
  /** As Sanity hands them to the field: the same array from render to render. */
  readonly actions: DocumentFieldAction[] | undefined;
  readonly path: Path;
  readonly schemaType: SchemaType;
}

/** The actions a text's field (not its languages) offers, handed from field to input. */
const TextFieldActions = createContext<ActionSource | null>(null);

/** Where each language field of a text hands over its resolved actions. */
const LanguageActionsRegistry = createContext<
  ((language: string, title: string, nodes: DocumentFieldActionNode[] | null) => void) | null
>(null);

/** The field of a text: Sanity's own, without the actions menu in its header. */
export function LocalizedTextField(props: FieldProps) {
  const source = useMemo(
    () => ({ actions: props.actions, path: props.path, schemaType: props.schemaType }),
    [props.actions, props.path, props.schemaType],
  );
  return (
    <TextFieldActions.Provider value={source}>
      {props.renderDefault({ ...props, actions: [] })}
    </TextFieldActions.Provider>
  );
}

function useDocumentIdentity(): { documentId: string; documentType: string } | null {
  const id = useFormValue(['_id']);
  const type = useFormValue(['_type']);
  return typeof id === 'string' && typeof type === 'string'
    ? { documentId: getPublishedId(id), documentType: type }
    : null;
}

/** Resolves one field's actions (each is a hook) into menu entries. */
function ResolvedActions({
  source,
  onNodes,
}: {
  source: ActionSource;
  onNodes: (nodes: DocumentFieldActionNode[]) => void;
}) {
  const identity = useDocumentIdentity();
  if (!identity || !source.actions?.length) return null;
  return (
    <FieldActionsResolver
      actions={source.actions}
      documentId={identity.documentId}
      documentType={identity.documentType}
      onActions={onNodes}
      path={source.path}
      schemaType={source.schemaType}
    />
  );
}

/** Rendered by a language field: hands its actions to the text's menu instead of showing them. */
export function LanguageActions({
  language,
  title,
  ...field
}: ActionSource & { language: string; title: string }) {
  const register = useContext(LanguageActionsRegistry);
  const { actions, path, schemaType } = field;
  const source = useMemo(() => ({ actions, path, schemaType }), [actions, path, schemaType]);
  const onNodes = useCallback(
    (nodes: DocumentFieldActionNode[]) => register?.(language, title, nodes),
    [register, language, title],
  );
  // A language the language filter hides leaves the menu with its field.
  useEffect(() => () => register?.(language, title, null), [register, language, title]);
  return <ResolvedActions source={source} onNodes={onNodes} />;
}

/**
 * Gathers the language fields' actions below `children` and shows them, with the text's own,
 * in one menu after the inputs.
 */
export function TextActions({ children }: { children: (menu: ReactNode) => ReactNode }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const allLanguages = t('text-actions.all-languages');
  const own = useContext(TextFieldActions);
  const [ownNodes, setOwnNodes] = useState<DocumentFieldActionNode[]>([]);
  const [byLanguage, setByLanguage] = useState<
    Record<string, { title: string; nodes: DocumentFieldActionNode[] }>
  >({});
  const register = useCallback(
    (language: string, title: string, nodes: DocumentFieldActionNode[] | null) =>
      setByLanguage((current) => {
        const next = { ...current };
        if (nodes) next[language] = { title, nodes };
        else delete next[language];
        return next;
      }),
    [],
  );
  const nodes = useMemo((): DocumentFieldActionNode[] => {
    const groups: DocumentFieldActionNode[] = [];
    if (ownNodes.length)
      groups.push({ type: 'group', title: allLanguages, expanded: true, children: ownNodes });
    for (const { title, nodes: languageNodes } of Object.values(byLanguage))
      if (languageNodes.length)
        groups.push({ type: 'group', title, expanded: true, children: languageNodes });
    return groups;
  }, [ownNodes, byLanguage, allLanguages]);
  const menu = (
    <>
      {own && <ResolvedActions source={own} onNodes={setOwnNodes} />}
      {nodes.length > 0 && <FieldActionMenu nodes={nodes} onMenuOpenChange={() => undefined} />}
    </>
  );
  return (
    <LanguageActionsRegistry.Provider value={register}>
      {children(menu)}
    </LanguageActionsRegistry.Provider>
  );
}
