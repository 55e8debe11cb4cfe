// The shares page (/settings/shares): the caller's links, or for an admin everyone's with an owner
// column and a filter by user; each with copy, edit and delete. A table on wide screens, cards on
// phones (the same markup, laid out by settings.css).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareStatus } from '../../src/api/shares';
import { ApiError, encodePath } from '../api/client';
import { kindLabels, kindOf, usageText } from '../api/share-limits';
import { useDeleteShareLink } from '../api/share-mutations';
import { allSharesQuery, shareUrl } from '../api/shares';
import type { ShareLink } from '../api/shares';
import { usersQuery } from '../api/users-admin';
import { useApi } from '../api/use-api';
import { AppLink } from '../components/app-link';
import { notifyError } from '../components/notify-error';
import { errorKindOf } from '../components/error-kind';
import { ErrorMessage } from '../components/error-page';
import { formatDate, formatRelative } from '../components/format';
import { IconButton } from '../components/icon-button';
import { copyText } from '../prompts/share-clipboard';
import { showPrompt } from '../state/prompt';
import { useUser } from '../state/session';
import { showError, showSuccess } from '../state/toasts';
import { Card, SettingsLoading, SettingsPage } from './settings/settings-page';

const statusLabels = {
  active: 'shares.status.active',
  expired: 'shares.status.expired',
  exhausted: 'shares.status.exhausted',
} as const satisfies Record<ShareStatus, string>;

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

function Row({
  link,
  mine,
  showOwner,
  onDelete,
}: {
  link: ShareLink;
  mine: boolean;
  showOwner: boolean;
  onDelete: (link: ShareLink) => void;
}) {
  const { t } = useTranslation();
  const url = shareUrl(link.hash);
  const status = link.status ?? 'active';
  const copy = () =>
    copyText(url).then(
      () => showSuccess(t('share.linkCopied')),
      () => showError(t('share.copyFailed')),
    );
  return (
    <tr className="shares-row" data-status={status}>
      <td className="column-path" data-label={t('shares.path')}>
        {mine ? (
          <AppLink href={`/files${encodePath(link.path)}`} title={link.path}>
            {link.path}
          </AppLink>
        ) : (
          <span title={link.path}>{link.path}</span>
        )}
        {link.hasPassword && <span className="shares-protected"> · {t('share.protected')}</span>}
      </td>
      {showOwner && (
        <td className="column-owner" data-label={t('shares.owner')}>
          {link.username ?? String(link.userID)}
        </td>
      )}
      <td data-label={t('shares.kind')}>{t(kindLabels[kindOf(link)])}</td>
      <td data-label={t('shares.expiry')}>
        {link.expire === 0 ? (
          t('share.permanent')
        ) : (
          <span title={formatDate(iso(link.expire))}>{formatRelative(iso(link.expire))}</span>
        )}
      </td>
      <td data-label={t('shares.usage')}>{usageText(t, link)}</td>
      <td data-label={t('shares.created')}>
        {link.created ? (
          <span title={formatDate(iso(link.created))}>{formatRelative(iso(link.created))}</span>
        ) : (
          '—'
        )}
      </td>
      <td data-label={t('shares.statusLabel')}>
        <span className={`shares-status shares-status-${status}`}>{t(statusLabels[status])}</span>
      </td>
      <td className="column-actions">
        <IconButton
          icon="copy"
          label={t('shares.copyLink', { path: link.path })}
          onClick={() => void copy()}
        />
        <IconButton
          icon="rename"
          label={t('shares.edit', { path: link.path })}
          onClick={() => showPrompt('shareEdit', { link })}
        />
        <IconButton
          icon="delete"
          label={t('shares.delete', { path: link.path })}
          onClick={() => onDelete(link)}
        />
      </td>
    </tr>
  );
}

function UserFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const users = useQuery(usersQuery(api));
  return (
    <label className="shares-filter">
      <span>{t('shares.filterUser')}</span>
      <select className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('shares.allUsers')}</option>
        {(users.data ?? []).map((user) => (
          <option key={user.id} value={String(user.id)}>
            {user.username}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function SharesSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const me = useUser();
  const admin = me.perm.admin;
  const deleteLink = useDeleteShareLink();
  const [filter, setFilter] = useState('');
  // The route's loader put the list the screen opens on in the cache (settings/settings-loaders.ts);
  // another user's, which the filter asks for, loads in the card.
  const query = useQuery(allSharesQuery(api, filter === '' ? undefined : Number(filter)));
  const links = query.data;
  const remove = (link: ShareLink) =>
    deleteLink.mutateAsync(link).then(() => showSuccess(t('shares.deleted')), notifyError);
  const title = admin ? t('shares.allTitle') : t('shares.title');
  return (
    <SettingsPage title={t('shares.title')}>
      <Card
        title={title}
        className="shares-card"
        headerActions={admin ? <UserFilter value={filter} onChange={setFilter} /> : undefined}
      >
        {query.isError ? (
          <ErrorMessage
            kind={errorKindOf(query.error instanceof ApiError ? query.error.status : undefined)}
          />
        ) : !links ? (
          <SettingsLoading />
        ) : links.length === 0 ? (
          <p className="shares-empty">{t('shares.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table className="users-table shares-table">
              <thead>
                <tr>
                  <th scope="col">{t('shares.path')}</th>
                  {admin && <th scope="col">{t('shares.owner')}</th>}
                  <th scope="col">{t('shares.kind')}</th>
                  <th scope="col">{t('shares.expiry')}</th>
                  <th scope="col">{t('shares.usage')}</th>
                  <th scope="col">{t('shares.created')}</th>
                  <th scope="col">{t('shares.statusLabel')}</th>
                  <th scope="col" className="column-actions">
                    <span className="visually-hidden">{t('shares.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.map((link) => (
                  <Row
                    key={link.hash}
                    link={link}
                    mine={link.userID === me.id}
                    showOwner={admin}
                    onDelete={(target) => void remove(target)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </SettingsPage>
  );
}
