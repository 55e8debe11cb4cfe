// The text editor (loaded on use): CodeMirror with the language picked from the file name (loaded lazily),
// read-only for textImmutable, at least 20 lines and growing; Ctrl/Cmd+S and the header button save.
// Unsaved changes are marked, and leaving with them asks first (unsaved-changes.ts).
// A Markdown file also shows its rendered view: beside the editor, or instead of it on a phone.
import { usePreviewTicket } from '../../api/tickets';
import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encodePath } from '../../api/client';
import { inlineLink, parentPath, saveFile } from '../../api/resources';
import type { Resource } from '../../api/resources';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/describe-error';
import { HeaderActions } from '../../components/header-actions';
import type { ButtonState } from '../../components/icon-button';
import { IconButton } from '../../components/icon-button';
import { isMarkdown, MarkdownView } from '../../components/markdown-file';
import { useMediaQuery } from '../../components/use-media';
import { useUser } from '../../state/session';
import { EditorBar } from './editor-bar';
import { useUnsavedChanges } from './unsaved-changes';

/** How long the save button shows its tick. */
export const savedTickMs = 1000;

export function canEdit(resource: Resource, modify: boolean): boolean {
  return resource.type === 'text' && modify;
}

/** Pictures a Markdown file names relative to itself load from its folder, under its ticket. */
function useImageResolver(resource: Resource, enabled: boolean) {
  const api = useApi();
  const folder = parentPath(resource.path);
  const ticket = usePreviewTicket(folder, enabled);
  return useCallback(
    (relative: string) => {
      if (!ticket) return undefined;
      const base = `http://folder${encodePath(folder === '/' ? '/' : `${folder}/`)}`;
      return inlineLink(api, decodeURIComponent(new URL(relative, base).pathname), ticket);
    },
    [api, folder, ticket],
  );
}

export default function Editor({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const editable = canEdit(resource, user.perm.modify);
  const content = useRef(resource.content ?? '');
  /** The text as last saved: the file is modified while the editor's text differs from it. */
  const savedText = useRef(resource.content ?? '');
  const [dirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<ButtonState>('idle');
  const [language, setLanguage] = useState<Extension | null>(null);
  const markdown = isMarkdown(resource.name);
  const [source, setSource] = useState(resource.content ?? '');
  const [rendered, setRendered] = useState(true);
  const resolveImage = useImageResolver(resource, markdown);

  useEffect(() => {
    let live = true;
    const description = LanguageDescription.matchFilename(languages, resource.name);
    description
      ?.load()
      .then((support) => live && setLanguage(support))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [resource.name]);

  /** Saves the text as it is now; throws when the server refuses. */
  const saveNow = async () => {
    const text = content.current;
    setSaveState('loading');
    try {
      await saveFile(api, resource.path, text);
    } catch (error) {
      setSaveState('idle');
      throw error;
    }
    savedText.current = text;
    setDirty(content.current !== text);
    setSaveState('success');
    setTimeout(() => setSaveState((state) => (state === 'success' ? 'idle' : state)), savedTickMs);
  };
  const save = useRef(async () => {});
  save.current = async () => {
    if (!editable || saveState === 'loading') return;
    await saveNow().catch(notifyError);
  };
  useUnsavedChanges(resource.name, editable && dirty, saveNow);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const extensions = useMemo(
    () => [
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': t('files.editor') }),
      ...(language ? [language] : []),
    ],
    [language, t],
  );

  const withRendered = markdown && rendered;
  return (
    <>
      {(editable || markdown) && (
        <HeaderActions
          inline={
            <>
              {markdown && (
                <IconButton
                  icon="document"
                  label={t(rendered ? 'editor.hideRendered' : 'editor.showRendered')}
                  aria-pressed={rendered}
                  onClick={() => setRendered((shown) => !shown)}
                />
              )}
              {editable && (
                <IconButton
                  icon="save"
                  label={t('buttons.save')}
                  title={`${t('buttons.save')} (${t('prompts.help.keys.save')})`}
                  showLabel
                  className={`save-button${dirty ? ' is-dirty' : ''}`}
                  state={saveState}
                  onClick={() => void save.current()}
                />
              )}
            </>
          }
        />
      )}
      <EditorBar path={resource.path} editable={editable} dirty={dirty} />
      <div className={`editor-area${withRendered ? ' with-rendered' : ''}`}>
        <div className="editor">
          <CodeMirror
            value={resource.content ?? ''}
            onChange={(value) => {
              content.current = value;
              setDirty(value !== savedText.current);
              if (markdown) setSource(value);
            }}
            extensions={extensions}
            theme={dark ? 'dark' : 'light'}
            editable={editable}
            readOnly={!editable}
            basicSetup={{ highlightActiveLine: editable, highlightActiveLineGutter: editable }}
            autoFocus={editable && !withRendered}
          />
        </div>
        {withRendered && (
          <Suspense fallback={null}>
            <MarkdownView
              source={source}
              resolveImage={resolveImage}
              label={t('editor.rendered')}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
