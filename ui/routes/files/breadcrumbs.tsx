// The breadcrumb bar: home, then each folder; past 3 crumbs only the last 3 show after '...' (docs/UI.md, Screens).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { filesUrl } from '../../api/paths';
import { AppLink } from '../../components/app-link';
import { Icon } from '../../components/icons';

export const visibleCrumbs = 3;

export interface Crumb {
  name: string;
  url: string;
}

/** The crumbs after home for a path; `isDir` tells whether the last one is a folder. */
export function crumbsOf(path: string, isDir: boolean): { crumbs: Crumb[]; truncated: boolean } {
  const names = path.split('/').filter(Boolean);
  const all = names.map((name, index) => {
    const last = index === names.length - 1;
    return { name, url: filesUrl(`/${names.slice(0, index + 1).join('/')}`, !last || isDir) };
  });
  return all.length > visibleCrumbs
    ? { crumbs: all.slice(-visibleCrumbs), truncated: true }
    : { crumbs: all, truncated: false };
}

/**
 * The current place (the open folder or file, or home at the root) is the screen's level-one heading,
 * drawn as the crumb it is (docs/UI.md, Accessibility); the preview brings its own.
 */
export function Breadcrumbs({
  path,
  isDir,
  titled,
}: {
  path: string;
  isDir: boolean;
  /** Whether the last crumb is the screen's h1. */
  titled: boolean;
}) {
  const { t } = useTranslation();
  const { crumbs, truncated } = crumbsOf(path, isDir);
  const Current = titled ? 'h1' : 'span';
  const home = (
    <Link
      to="/files/"
      activeOptions={{ exact: true }}
      className="crumb crumb-home"
      aria-label={t('files.home')}
      title={t('files.home')}
    >
      <Icon name="home" size={20} />
    </Link>
  );
  return (
    <nav className="breadcrumbs" aria-label={t('files.breadcrumbs')}>
      {crumbs.length === 0 ? <Current className="crumb-current">{home}</Current> : home}
      {truncated && (
        <>
          <Icon name="chevron" size={18} />
          <span className="crumb crumb-ellipsis">{t('files.ellipsis')}</span>
        </>
      )}
      {crumbs.map((crumb, index) => {
        const last = index === crumbs.length - 1;
        const Part = last ? Current : 'span';
        return (
          <Part key={crumb.url} className={`crumb-part${last ? ' crumb-current' : ''}`}>
            <Icon name="chevron" size={18} />
            <AppLink
              href={crumb.url}
              className="crumb"
              aria-current={last ? 'page' : undefined}
              title={crumb.name}
            >
              {crumb.name}
            </AppLink>
          </Part>
        );
      })}
    </nav>
  );
}
