// The help prompt: the keyboard shortcuts (docs/UI.md, Screens).
import { useTranslation } from 'react-i18next';
import { closePrompt } from '../state/prompt';
import { PromptFrame } from './prompt-frame';

/** Each shortcut's keys and meaning are translated: prompts.help.keys.<id> and prompts.help.<id>. */
const shortcuts = [
  'help',
  'rename',
  'delete',
  'escape',
  'save',
  'search',
  'clipboard',
  'multiSelect',
  'select',
  'open',
] as const;

export default function HelpPrompt() {
  const { t } = useTranslation();
  return (
    <PromptFrame
      title={t('prompts.help.title')}
      className="prompt-wide"
      onSubmit={closePrompt}
      actions={
        <button type="submit" className="button button-primary">
          {t('buttons.ok')}
        </button>
      }
    >
      <dl className="shortcuts">
        {shortcuts.map((key) => (
          <div key={key}>
            <dt>
              <kbd>{t(`prompts.help.keys.${key}`)}</kbd>
            </dt>
            <dd>{t(`prompts.help.${key}`)}</dd>
          </div>
        ))}
      </dl>
    </PromptFrame>
  );
}
