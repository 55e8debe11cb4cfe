// The bar above the editor: whether the file has unsaved changes (or is read only), the save keys,
// and Close, which goes back to the file's folder (asking first when there are changes). Other
// states of the file (a post's publication) come first, as children.
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filesUrl, parentPath } from '../../api/paths';
import { Icon } from '../../components/icons';

export function EditorBar({
  path,
  editable,
  dirty,
  children,
}: {
  path: string;
  editable: boolean;
  dirty: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="editor-bar">
      {children}
      <p className="editor-status" role="status">
        {!editable && <span className="editor-readonly">{t('editor.readOnly')}</span>}
        {editable && dirty && (
          <>
            <span className="editor-dot" aria-hidden="true" />
            <span>{t('editor.unsaved')}</span>
          </>
        )}
      </p>
      {editable && (
        <span className="editor-keys" title={t('buttons.save')}>
          <kbd>{t('prompts.help.keys.save')}</kbd>
        </span>
      )}
      <button
        type="button"
        className="button button-flat editor-close"
        onClick={() => void navigate({ href: filesUrl(parentPath(path), true) })}
      >
        <Icon name="close" size={20} />
        <span>{t('buttons.close')}</span>
      </button>
    </div>
  );
}
