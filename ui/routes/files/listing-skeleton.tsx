// What a folder shows while its first listing loads: placeholder rows or tiles, as the user's view,
// at once (a blank page with a thin bar read as broken), still when reduced motion is asked for.
import { useTranslation } from 'react-i18next';
import { useUser } from '../../state/session';

export function ListingSkeleton() {
  const { t } = useTranslation();
  const tiled = useUser().viewMode !== 'list';
  return (
    <div className={`listing-skeleton ${tiled ? 'tiles' : 'rows'}`} role="status">
      <span className="visually-hidden">{t('files.loading')}</span>
      {[...'12345678'].map((key) => (
        <div key={key} className="skeleton-item" aria-hidden="true">
          <span className="skeleton-block" />
          <span className="skeleton-block" />
        </div>
      ))}
    </div>
  );
}
