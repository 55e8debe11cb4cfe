// The text editor (loaded on use): CodeMirror with the language picked from the file name (loaded lazily),
// read-only for textImmutable, at least 20 lines and growing; Ctrl/Cmd+S and the header button save.
import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/resources';
import type { Resource } from '../../api/resources';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/describe-error';
import { HeaderActions } from '../../components/header-actions';
import type { ButtonState } from '../../components/icon-button';
import { IconButton } from '../../components/icon-button';
import { useMediaQuery } from '../../components/use-media';
import { useUser } from '../../state/session';

/** How long the save button shows its tick. */
export const savedTickMs = 1000;

export function canEdit(resource: Resource, modify: boolean): boolean {
  return resource.type === 'text' && modify;
}

export default function Editor({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const editable = canEdit(resource, user.perm.modify);
  const content = useRef(resource.content ?? '');
  const [saveState, setSaveState] = useState<ButtonState>('idle');
  const [language, setLanguage] = useState<Extension | null>(null);

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

  const save = useRef(async () => {});
  save.current = async () => {
    if (!editable || saveState === 'loading') return;
    setSaveState('loading');
    try {
      await saveFile(api, resource.path, content.current);
      setSaveState('success');
      setTimeout(
        () => setSaveState((state) => (state === 'success' ? 'idle' : state)),
        savedTickMs,
      );
    } catch (error) {
      setSaveState('idle');
      notifyError(error);
    }
  };

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

  return (
    <>
      {editable && (
        <HeaderActions
          inline={
            <IconButton
              icon="save"
              label={t('buttons.save')}
              state={saveState}
              onClick={() => void save.current()}
            />
          }
        />
      )}
      <div className="editor">
        {!editable && <p className="editor-readonly">{t('editor.readOnly')}</p>}
        <CodeMirror
          value={resource.content ?? ''}
          onChange={(value) => (content.current = value)}
          extensions={extensions}
          theme={dark ? 'dark' : 'light'}
          editable={editable}
          readOnly={!editable}
          basicSetup={{ highlightActiveLine: editable, highlightActiveLineGutter: editable }}
          autoFocus={editable}
        />
      </div>
    </>
  );
}
