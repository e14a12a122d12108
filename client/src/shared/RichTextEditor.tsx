import { Button, ButtonGroup, InputGroup, PopoverNext } from '@blueprintjs/core';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $isLinkNode, AutoLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $findMatchingParent, $getNearestNodeOfType } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  $isRangeSelection,
  $setSelection,
  type EditorState,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  type ParagraphNode,
  type TextFormatType,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  /** Accessible name: the id of a visible label, or a label text. */
  ariaLabelledBy?: string;
  ariaLabel?: string;
  testId?: string;
  id?: string;
  placeholder?: string;
  /** Marks the text as invalid while its field shows a message. */
  invalid?: boolean;
}

const LOAD_TAG = 'external-value';

/** Lexical's serialisation of an empty editor; the form keeps it as ''. */
function isEmptyDocument(editor: LexicalEditor): boolean {
  return editor.getEditorState().read(() => {
    const root = $getRoot();
    const first = root.getFirstChild();
    return root.getChildrenSize() <= 1 && root.getTextContent().trim() === '' && !$isListNode(first);
  });
}

function loadHtml(editor: LexicalEditor, html: string) {
  editor.update(
    () => {
      const dom = new DOMParser().parseFromString(html || '', 'text/html');
      const nodes = $generateNodesFromDOM(editor, dom);
      const root = $getRoot();
      root.clear();
      // Appended without a selection: selecting would focus the editor and scroll the page to it.
      let paragraph: ParagraphNode | null = null;
      for (const node of nodes) {
        if (($isElementNode(node) && !node.isInline()) || $isDecoratorNode(node)) {
          root.append(node);
          paragraph = null;
        } else {
          // Loose text or inline nodes at the top level go into a paragraph, as the root needs blocks.
          if (!paragraph) root.append((paragraph = $createParagraphNode()));
          paragraph.append(node);
        }
      }
      // An empty editor still needs a paragraph to type into.
      if (root.getChildrenSize() === 0) root.append($createParagraphNode());
      $setSelection(null);
    },
    // Loading is not a user change: the change listener ignores it (no dirty form after a reset).
    { tag: LOAD_TAG },
  );
}

/** Loads the initial value once and again whenever the value changes from outside (e.g. form reset). */
function ValuePlugin({ value, lastEmitted }: { value: string; lastEmitted: React.RefObject<string | null> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (lastEmitted.current === value) return;
    lastEmitted.current = value;
    loadHtml(editor, value);
  }, [editor, value, lastEmitted]);
  return null;
}

interface ToolbarState {
  formats: Record<'bold' | 'italic' | 'underline', boolean>;
  list: 'bullet' | 'number' | null;
  link: boolean;
}

const noState: ToolbarState = { formats: { bold: false, italic: false, underline: false }, list: null, link: false };

function readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return noState;
  const anchor = selection.anchor.getNode();
  const list = $getNearestNodeOfType(anchor, ListNode);
  const listType = list?.getListType();
  return {
    formats: { bold: selection.hasFormat('bold'), italic: selection.hasFormat('italic'), underline: selection.hasFormat('underline') },
    list: listType === 'bullet' || listType === 'number' ? listType : null,
    link: Boolean($findMatchingParent(anchor, (node) => $isLinkNode(node))),
  };
}

function LinkButton({ active, label }: { active: boolean; label: string }) {
  const [editor] = useLexicalComposerContext();
  const [url, setUrl] = useState('');
  const [open, setOpen] = useState(false);
  const apply = () => {
    const trimmed = url.trim();
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, trimmed ? { url: trimmed, target: '_blank', rel: 'noopener noreferrer' } : null);
    setOpen(false);
  };
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-start"
      content={
        <form
          className="rich-text-link-form"
          onSubmit={(event) => {
            // The editor sits inside the page's form: this small form must not submit it.
            event.preventDefault();
            event.stopPropagation();
            apply();
          }}
        >
          <InputGroup aria-label={`Link-Adresse (${label})`} placeholder="https://" value={url} onValueChange={setUrl} autoFocus />
          <Button type="submit" intent="primary" text="Übernehmen" />
          {active && <Button text="Link entfernen" onClick={() => (editor.dispatchCommand(TOGGLE_LINK_COMMAND, null), setOpen(false))} />}
        </form>
      }
    >
      <Button icon="link" variant="minimal" active={active} aria-label="Link" title="Link" onClick={() => setUrl('')} />
    </PopoverNext>
  );
}

function Toolbar({ label }: { label: string }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(noState);
  useEffect(() => editor.registerUpdateListener(({ editorState }) => setState(editorState.read(readToolbarState))), [editor]);

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  const list = (type: 'bullet' | 'number') =>
    state.list === type ? editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined) : editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  // Toolbar buttons must not take the focus from the text, or the selection they act on is lost.
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();

  return (
    <ButtonGroup className="rich-text-toolbar" onMouseDown={keepFocus} role="toolbar" aria-label={`Formatierung: ${label}`}>
      <Button icon="bold" variant="minimal" active={state.formats.bold} aria-label="Fett" title="Fett" onClick={() => format('bold')} />
      <Button icon="italic" variant="minimal" active={state.formats.italic} aria-label="Kursiv" title="Kursiv" onClick={() => format('italic')} />
      <Button icon="underline" variant="minimal" active={state.formats.underline} aria-label="Unterstrichen" title="Unterstrichen" onClick={() => format('underline')} />
      <Button icon="properties" variant="minimal" active={state.list === 'bullet'} aria-label="Aufzählung" title="Aufzählung" onClick={() => list('bullet')} />
      <Button icon="numbered-list" variant="minimal" active={state.list === 'number'} aria-label="Nummerierte Liste" title="Nummerierte Liste" onClick={() => list('number')} />
      <LinkButton active={state.link} label={label} />
    </ButtonGroup>
  );
}

const theme = {
  paragraph: 'rich-text-paragraph',
  list: { ul: 'rich-text-ul', ol: 'rich-text-ol', listitem: 'rich-text-li' },
  link: 'rich-text-link',
  text: { bold: 'rich-text-bold', italic: 'rich-text-italic', underline: 'rich-text-underline' },
};

/**
 * A lexical rich-text editor (paragraphs, bold, italic, underline, lists, links) whose value is
 * HTML, as the server stores and sanitises it for description and booking notes.
 */
export function RichTextEditor({ value, onChange, ariaLabelledBy, ariaLabel, testId, id, placeholder, invalid }: RichTextEditorProps) {
  // The HTML last sent out (or loaded): a value prop equal to it is our own echo, not a reset.
  const lastEmitted = useRef<string | null>(null);
  const label = ariaLabel ?? 'Text';

  const handleChange = (editorState: EditorState, editor: LexicalEditor, tags: Set<string>) => {
    if (tags.has(LOAD_TAG)) return;
    const html = isEmptyDocument(editor) ? '' : editorState.read(() => $generateHtmlFromNodes(editor, null));
    if (html === lastEmitted.current) return;
    lastEmitted.current = html;
    onChange(html);
  };

  return (
    <LexicalComposer
      initialConfig={{
        namespace: testId ?? id ?? 'rich-text',
        nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode],
        theme,
        onError: (error) => console.error('Editorfehler', error),
      }}
    >
      <div className="rich-text-editor">
        <Toolbar label={label} />
        <div className="rich-text-body">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                className="rich-text-content"
                aria-label={ariaLabelledBy ? undefined : ariaLabel}
                aria-labelledby={ariaLabelledBy}
                aria-invalid={invalid ? true : undefined}
                data-testid={testId}
                aria-placeholder={placeholder ?? ''}
                placeholder={<div className="rich-text-placeholder">{placeholder ?? ''}</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={(url) => /^(https?:|mailto:|tel:)/i.test(url)} />
        <OnChangePlugin ignoreSelectionChange onChange={handleChange} />
        <ValuePlugin value={value} lastEmitted={lastEmitted} />
      </div>
    </LexicalComposer>
  );
}
