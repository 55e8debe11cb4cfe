// replace: 'Do you wish to replace the existing file?' — Replace, Continue without replacing, or Cancel.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export default function ReplacePrompt({
  onReplace,
  onContinue,
  onCancel,
}: PromptPropsMap['replace']) {
  const { t } = useTranslation();
  const action = useAction();
  const decided = useRef(false);
  // Esc and the overlay close the prompt too: that counts as Cancel.
  useEffect(
    () => () => {
      if (!decided.current) onCancel?.();
    },
    [onCancel],
  );
  const decide = (choice: (() => void) | undefined) => {
    decided.current = true;
    closePrompt();
    choice?.();
  };
  return (
    <PromptFrame
      title={t('prompts.replace.title')}
      error={action.error}
      onSubmit={() => {
        decided.current = true;
        void action.run(async () => {
          await onReplace();
          closePrompt();
        });
      }}
      actions={
        <>
          <button type="button" className="button button-flat" onClick={() => decide(onCancel)}>
            {t('buttons.cancel')}
          </button>
          {onContinue && (
            <button type="button" className="button" onClick={() => decide(onContinue)}>
              {t('buttons.continue')}
            </button>
          )}
          <ActionButton state={action.state} label={t('buttons.replace')} danger />
        </>
      }
    >
      <p>{t('prompts.replace.message')}</p>
      <p className="prompt-question">{t('prompts.replace.question')}</p>
    </PromptFrame>
  );
}
