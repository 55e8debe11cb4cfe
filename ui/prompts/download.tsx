// download: the archive formats for a folder or several items (docs/UI.md, Screens and Figures).
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { archiveFormats } from '../api/resource-links';
import { useApi } from '../api/use-api';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { notifyError } from '../components/notify-error';
import { downloadItems } from '../components/start-download';
import { CancelButton, PromptFrame } from './prompt-frame';

export default function DownloadPrompt({ paths }: PromptPropsMap['download']) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  return (
    <PromptFrame title={t('prompts.download.title')} actions={<CancelButton />}>
      <p>{t('prompts.download.message')}</p>
      <div className="format-list">
        {archiveFormats.map(([algorithm, label]) => (
          <button
            key={algorithm}
            type="button"
            className="button format"
            onClick={() => {
              downloadItems(queryClient, api, paths, algorithm).catch(notifyError);
              closePrompt();
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </PromptFrame>
  );
}
