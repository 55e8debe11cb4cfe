// The shared form of newFile, newDir and rename: one trimmed name input and a confirm button; a name
// that is taken (409) is said under the input instead of replacing the form.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { describeError } from '../components/describe-error';
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
  const errorId = useId();
  const trimmed = name.trim();
  // A name that is taken is said beside the name, which the user can then change.
  const taken = action.error instanceof ApiError && action.error.status === 409;
  return (
    <PromptFrame
      title={title}
      error={taken ? null : action.error}
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
          aria-invalid={taken}
          aria-describedby={taken ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (taken) action.reset();
          }}
          onFocus={(event) => {
            // Select the base name so typing replaces it and keeps the extension.
            const dot = event.target.value.lastIndexOf('.');
            event.target.setSelectionRange(0, dot > 0 ? dot : event.target.value.length);
          }}
          autoFocus
        />
      </label>
      {taken && (
        <p id={errorId} className="field-error" role="alert">
          {describeError(action.error)}
        </p>
      )}
    </PromptFrame>
  );
}
