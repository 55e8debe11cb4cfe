// schedule: a date and hour for a post to go out, picked in the browser's time zone and sent as an
// RFC 3339 instant; a time already past is refused here. A scheduled post's schedule can be cancelled.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseName } from '../api/paths';
import { publishStatusQuery, useCancelSchedule, usePublishPost } from '../api/site-posts';
import type { BuildReport } from '../api/site-posts';
import { useApi } from '../api/use-api';
import { formatDate } from '../components/format';
import { openEditorOf } from '../state/open-editor';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { showSuccess } from '../state/toasts';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { PublishedFrame } from './publish';
import type { ScheduleProblem } from './schedule-time';
import {
  browserTimeZone,
  initialChoice,
  localInputToInstant,
  scheduleProblem,
} from './schedule-time';
import { useAction } from './use-action';

export default function SchedulePrompt({ path }: PromptPropsMap['schedule']) {
  const { t } = useTranslation();
  const api = useApi();
  const publishPost = usePublishPost();
  const cancelSchedule = useCancelSchedule();
  const status = useQuery(publishStatusQuery(api, path));
  const scheduledAt = status.data?.scheduledAt ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? initialChoice(scheduledAt, Date.now());
  const [problem, setProblem] = useState<ScheduleProblem | null>(null);
  const [build, setBuild] = useState<BuildReport | null>(null);
  const action = useAction();
  const cancelling = useAction();
  const helpId = useId();

  const submit = () => {
    const instant = localInputToInstant(value);
    const refused = scheduleProblem(instant, Date.now());
    setProblem(refused);
    if (!refused && instant) void action.run(() => schedule(instant));
  };
  const schedule = async (instant: string) => {
    await openEditorOf(path)?.flush();
    const outcome = await publishPost.mutateAsync({ path, at: instant });
    // The server's clock decides: a time it finds past publishes at once.
    if (outcome.kind === 'published') {
      setBuild(outcome.build);
      return;
    }
    showSuccess(t('site.scheduling.done', { date: formatDate(outcome.scheduledAt) }));
    closePrompt();
  };
  const unschedule = async () => {
    await cancelSchedule.mutateAsync(path);
    showSuccess(t('site.scheduling.cancelled'));
    closePrompt();
  };

  if (build) return <PublishedFrame path={path} build={build} />;
  return (
    <PromptFrame
      title={t('site.scheduling.title')}
      error={action.error ?? cancelling.error}
      onSubmit={submit}
      actions={
        <>
          {scheduledAt && (
            <button
              type="button"
              className="button button-danger-flat"
              disabled={cancelling.state !== 'idle'}
              onClick={() => void cancelling.run(unschedule)}
            >
              {t('site.scheduling.cancel')}
            </button>
          )}
          <CancelButton />
          <ActionButton state={action.state} label={t('site.scheduling.confirm')} />
        </>
      }
    >
      <p>{t('site.scheduling.message')}</p>
      <p className="prompt-subject">{baseName(path)}</p>
      {scheduledAt && (
        <p className="site-hint">
          {t('site.scheduling.current', { date: formatDate(scheduledAt) })}
        </p>
      )}
      <label className="field">
        <span>{t('site.scheduling.when')}</span>
        <input
          className="input"
          type="datetime-local"
          value={value}
          aria-describedby={helpId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setPicked(event.target.value);
            setProblem(null);
          }}
          autoFocus
        />
      </label>
      <p id={helpId} className="site-hint">
        {t('site.scheduling.zone', { zone: browserTimeZone() })}
      </p>
      {openEditorOf(path)?.isDirty() && (
        <p className="site-hint">{t('site.publishing.savesFirst')}</p>
      )}
      {problem && (
        <p className="prompt-error" role="alert">
          {t(problem === 'past' ? 'site.scheduling.past' : 'site.scheduling.invalid')}
        </p>
      )}
    </PromptFrame>
  );
}
