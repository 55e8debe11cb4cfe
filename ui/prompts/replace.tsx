// replace: names that exist where the items go (docs/UI.md, Input): which ones, then Replace, Keep
// both or Skip, for all of them; Esc and the overlay cancel.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConflictChoice, PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

/** docs/UI.md, Figures: the taken names listed at most; the rest are counted. */
export const listedTakenNames = 20;

function TakenNames({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  // Items from several folders (search results) may share a name: it is taken once.
  const unique = [...new Set(names)];
  const listed = unique.slice(0, listedTakenNames);
  const more = unique.length - listed.length;
  return (
    <>
      <p>{t('prompts.replace.taken')}</p>
      {/* It scrolls when long, so it takes focus for the keys to scroll it (docs/UI.md, Accessibility). */}
      <ul className="replace-names" aria-label={t('prompts.replace.takenNames')} tabIndex={0}>
        {listed.map((name) => (
          <li key={name} title={name}>
            {name}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="replace-more">{t('prompts.replace.more', { count: more })}</p>}
    </>
  );
}

export default function ReplacePrompt({ names, onChoose, onCancel }: PromptPropsMap['replace']) {
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
      <TakenNames names={names} />
      <p className="prompt-question">{t('prompts.replace.question')}</p>
    </PromptFrame>
  );
}
