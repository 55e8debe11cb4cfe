// replace: names that exist where the items go (docs/UI.md, Input): Replace, Keep both or Skip, for
// all of them; Esc and the overlay cancel.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConflictChoice, PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export default function ReplacePrompt({ onChoose, onCancel }: PromptPropsMap['replace']) {
  const { t } = useTranslation();
  const action = useAction();
  const decided = useRef(false);
  useEffect(
    () => () => {
      if (!decided.current) onCancel?.();
    },
    [onCancel],
  );
  const choose = (choice: ConflictChoice) => {
    decided.current = true;
    void action.run(async () => {
      await onChoose(choice);
      closePrompt();
    });
  };
  const busy = action.state !== 'idle';
  return (
    <PromptFrame
      title={t('prompts.replace.title')}
      error={action.error}
      className="prompt-replace"
      onSubmit={() => choose('replace')}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={() => choose('skip')}>
            {t('buttons.skip')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => choose('keepBoth')}
          >
            {t('buttons.keepBoth')}
          </button>
          <ActionButton state={action.state} label={t('buttons.replace')} danger />
        </>
      }
    >
      <p>{t('prompts.replace.message')}</p>
      <p className="prompt-question">{t('prompts.replace.question')}</p>
    </PromptFrame>
  );
}
