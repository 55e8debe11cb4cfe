// The thin bar at the top: indeterminate while a listing or file loads, the percentage while uploading.
import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../api/query-keys';
import { useStore } from '../state/store';
import { transfersStore, uploadProgress } from '../state/transfers';

export function ProgressBar() {
  const { t } = useTranslation();
  const fetching = useIsFetching({ queryKey: queryKeys.resources }) > 0;
  const progress = useStore(transfersStore, (state) => uploadProgress(state.items));
  if (progress !== undefined)
    return (
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={t('upload.progress')}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
    );
  if (fetching)
    return (
      <div
        className="progress-bar indeterminate"
        role="progressbar"
        aria-label={t('files.loading')}
      >
        <span />
      </div>
    );
  return null;
}
