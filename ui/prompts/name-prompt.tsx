// The shared form of newFile, newDir and rename: one trimmed name input and a confirm button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export function NamePrompt({
  title,
  message,
  initial = '',
  confirmLabel,
  onConfirm,
}: {
  title: string;
  message: string;
  initial?: string;
  confirmLabel: string;
  /** Gets the trimmed name; throwing shows the failure in the prompt. */
  onConfirm: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const action = useAction();
  const trimmed = name.trim();
  return (
    <PromptFrame
      title={title}
      error={action.error}
      onSubmit={() => trimmed && void action.run(() => onConfirm(trimmed))}
      actions={
        <>
          <CancelButton />
          <ActionButton state={action.state} label={confirmLabel} disabled={!trimmed} />
        </>
      }
    >
      <label className="field">
        <span>{message}</span>
        <input
          className="input"
          value={name}
          aria-label={t('prompts.nameLabel')}
          onChange={(event) => setName(event.target.value)}
          onFocus={(event) => {
            // Select the base name so typing replaces it and keeps the extension.
            const dot = event.target.value.lastIndexOf('.');
            event.target.setSelectionRange(0, dot > 0 ? dot : event.target.value.length);
          }}
          autoFocus
        />
      </label>
    </PromptFrame>
  );
}
