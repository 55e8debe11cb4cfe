// The text editor (loaded on use): CodeMirror with the language picked from the file name (loaded lazily),
// read-only for textImmutable, at least 20 lines and growing; Ctrl/Cmd+S and the header button save.
// A Markdown file also shows its rendered view (without its front matter): beside the editor, or
// instead of it on a phone, and a site's post its publication state. Unsaved changes are marked, and
// leaving with them asks first (unsaved-changes.ts).
import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveFile } from '../../api/resource-mutations';
import type { Resource } from '../../api/resources';
import { notifyError } from '../../components/notify-error';
import { HeaderActions } from '../../components/header-actions';
import type { ButtonState } from '../../components/icon-button';
import { IconButton } from '../../components/icon-button';
import { stripFrontMatter } from '../../components/front-matter';
import { isMarkdown, MarkdownView } from '../../components/markdown-file';
import { useIsDarkTheme } from '../../components/use-dark-theme';
import type { OpenEditor } from '../../state/open-editor';
import { openEditorStore } from '../../state/open-editor';
import { useUser } from '../../state/session';
import { EditorBar } from './editor-bar';
import { useImageResolver } from './markdown-images';
import { PostStatus } from './post-status';
import { useUnsavedChanges } from './unsaved-changes';

/** How long the save button shows its tick. */
export const savedTickMs = 1000;

export function canEdit(resource: Resource, modify: boolean): boolean {
  return resource.type === 'text' && modify;
}

export default function Editor({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const saveFile = useSaveFile();
  const user = useUser();
  const dark = useIsDarkTheme();
  const editable = canEdit(resource, user.perm.modify);
  const content = useRef(resource.content ?? '');
  /** The text the server holds, as last loaded or saved. */
  const saved = useRef(resource.content ?? '');
  /** Whether the text on screen differs from it: the modified marker, and asking before leaving. */
  const [dirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<ButtonState>('idle');
  const [language, setLanguage] = useState<Extension | null>(null);
  const markdown = isMarkdown(resource.name);
  const [source, setSource] = useState(resource.content ?? '');
  const [rendered, setRendered] = useState(true);
  const resolveImage = useImageResolver(resource.path, markdown);

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

  // Writes the text as it is now; the header button and Ctrl/Cmd+S report a failure, a flush throws it.
  const write = useRef(async () => {});
  write.current = async () => {
    const text = content.current;
    setSaveState('loading');
    try {
      await saveFile.mutateAsync({ path: resource.path, content: text });
    } catch (error) {
      setSaveState('idle');
      throw error;
    }
    saved.current = text;
    setDirty(content.current !== text);
    setSaveState('success');
    setTimeout(() => setSaveState((state) => (state === 'success' ? 'idle' : state)), savedTickMs);
  };
  const save = useRef(async () => {});
  save.current = async () => {
    if (!editable || saveState === 'loading') return;
    await write.current().catch(notifyError);
  };
  useUnsavedChanges(resource.name, editable && dirty, () => write.current());

  useEffect(() => {
    const entry: OpenEditor = {
      path: resource.path,
      text: () => content.current,
      isDirty: () => editable && content.current !== saved.current,
      flush: async () => {
        if (entry.isDirty()) await write.current();
      },
    };
    openEditorStore.set(entry);
    return () => openEditorStore.set((current) => (current === entry ? null : current));
  }, [resource.path, editable]);

  // A newer version from the server (publishing rewrote the front matter) replaces the text on
  // screen without an onChange from CodeMirror, so the copies kept here follow it.
  useEffect(() => {
    const text = resource.content ?? '';
    content.current = text;
    saved.current = text;
    setDirty(false);
    setSource(text);
  }, [resource.content]);

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
      <EditorBar path={resource.path} editable={editable} dirty={dirty}>
        {markdown && <PostStatus path={resource.path} />}
      </EditorBar>
      <div className={`editor-area${withRendered ? ' with-rendered' : ''}`}>
        <div className="editor">
          <CodeMirror
            value={resource.content ?? ''}
            onChange={(value) => {
              content.current = value;
              setDirty(value !== saved.current);
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
              source={stripFrontMatter(source)}
              resolveImage={resolveImage}
              label={t('editor.rendered')}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
