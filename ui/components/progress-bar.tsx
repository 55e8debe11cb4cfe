// The thin bar at the top: indeterminate while a listing or file loads, the percentage while uploading.
import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUpload } from '../state/upload';

export function ProgressBar() {
  const { t } = useTranslation();
  const fetching = useIsFetching({ queryKey: ['resource'] }) > 0;
  const upload = useUpload();
  if (upload.status !== 'idle')
    return (
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={t('upload.progress')}
        aria-valuenow={upload.progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${upload.progress}%` }} />
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
