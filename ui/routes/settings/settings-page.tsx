// The frame of every settings screen: the admin navigation (docs/UI.md, Screens), the document title, and cards.
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/document-title';
import { Spinner } from '../../components/icon-button';
import { useUser } from '../../state/session';

export function SettingsPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  useDocumentTitle(title);
  return (
    <div className="settings">
      {(user.perm.admin || user.perm.share) && (
        <nav className="settings-nav" aria-label={t('settings.navigation')}>
          <Link to="/settings/profile" className="settings-tab">
            {t('settings.profile.title')}
          </Link>
          {user.perm.share && (
            <Link to="/settings/shares" className="settings-tab">
              {t('shares.title')}
            </Link>
          )}
          {user.perm.admin && (
            <>
              <Link to="/settings/global" className="settings-tab">
                {t('settings.global.title')}
              </Link>
              <Link to="/settings/users" className="settings-tab">
                {t('users.title')}
              </Link>
            </>
          )}
        </nav>
      )}
      <h1 className="visually-hidden">{title}</h1>
      {children}
    </div>
  );
}

export interface CardProps {
  title: string;
  /** A line under the title saying what the card is for. */
  description?: ReactNode;
  /** Buttons beside the title (the users list's New). */
  headerActions?: ReactNode;
  /** Buttons at the bottom; a submit button runs onSubmit. */
  actions?: ReactNode;
  onSubmit?: () => void;
  children: ReactNode;
  className?: string;
}

/** A titled card; with onSubmit it is a form, so Enter in a field saves it. */
export function Card({
  title,
  description,
  headerActions,
  actions,
  onSubmit,
  children,
  className,
}: CardProps) {
  const titleId = useId();
  const body = (
    <>
      <div className="settings-card-header">
        <div className="settings-card-heading">
          <h2 id={titleId}>{title}</h2>
          {description && <p className="settings-card-description">{description}</p>}
        </div>
        {headerActions}
      </div>
      <div className="settings-card-content">{children}</div>
      {actions && <div className="settings-card-actions">{actions}</div>}
    </>
  );
  const classes = `settings-card${className ? ` ${className}` : ''}`;
  if (!onSubmit)
    return (
      <section className={classes} aria-labelledby={titleId}>
        {body}
      </section>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={classes} aria-labelledby={titleId} onSubmit={submit} noValidate>
      {body}
    </form>
  );
}

/** A save button that shows a spinner while its card is being saved. */
export function SaveButton({
  busy,
  label,
  disabled,
}: {
  busy: boolean;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className="button button-primary"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner spinner-small" aria-hidden="true" />}
      <span>{label}</span>
    </button>
  );
}

/** 'Loading...' for a settings screen waiting for its data. */
export function SettingsLoading() {
  const { t } = useTranslation();
  return (
    <div className="screen-message" aria-busy="true">
      <Spinner />
      <span>{t('files.loading')}</span>
    </div>
  );
}
