// unsaved: the open file has changes and the user is leaving: Save, Discard, or Cancel to stay.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export default function UnsavedPrompt({
  name,
  onSave,
  onDiscard,
  onCancel,
}: PromptPropsMap['unsaved']) {
  const { t } = useTranslation();
  const action = useAction();
  const decided = useRef(false);
  // Esc, the overlay and the Close of a failed save close the prompt too: that counts as Cancel.
  useEffect(
    () => () => {
      if (!decided.current) onCancel();
    },
    [onCancel],
  );
  const decide = (choice: () => void) => {
    decided.current = true;
    closePrompt();
    choice();
  };
  return (
    <PromptFrame
      title={t('prompts.unsaved.title')}
      error={action.error}
      onSubmit={() =>
        void action.run(async () => {
          await onSave();
          decided.current = true;
          closePrompt();
        })
      }
      actions={
        <>
          <button type="button" className="button button-flat" onClick={() => decide(onCancel)}>
            {t('buttons.cancel')}
          </button>
          <button type="button" className="button" onClick={() => decide(onDiscard)}>
            {t('buttons.discard')}
          </button>
          <ActionButton state={action.state} label={t('buttons.save')} />
        </>
      }
    >
      <p>{t('prompts.unsaved.message')}</p>
      <p className="prompt-subject">{name}</p>
      <p className="prompt-question">{t('prompts.unsaved.question')}</p>
    </PromptFrame>
  );
}
