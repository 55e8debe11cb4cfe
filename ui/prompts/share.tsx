// The share dialog (docs/UI.md, Screens, Behaviour and Input): an item's links, new timed or permanent links of a kind
// (download, view only, file request for a folder) with an optional password and limit, copy and
// delete.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareKind, ShareUnit } from '../../src/api/shares';
import { shareUnits } from '../../src/api/shares';
import type { ResourceItem } from '../api/resources';
import { useCreateShareLink, useDeleteShareLink } from '../api/share-mutations';
import { shareUrl, sharesQuery } from '../api/shares';
import type { ShareLink } from '../api/shares';
import {
  byteUnits,
  kindLabels,
  kindOf,
  maxWhole,
  parseBytes,
  parseCount,
  usageText,
} from '../api/share-limits';
import type { ByteUnit } from '../api/share-limits';
import { useApi } from '../api/use-api';
import { notifyError } from '../components/notify-error';
import { formatDate, formatRelative } from '../components/format';
import { IconButton } from '../components/icon-button';
import { Icon } from '../components/icons';
import { closePrompt } from '../state/prompt';
import { showError, showSuccess } from '../state/toasts';
import { copyText } from './share-clipboard';
import { PromptFrame } from './prompt-frame';

const unitLabels = {
  seconds: 'share.units.seconds',
  minutes: 'share.units.minutes',
  hours: 'share.units.hours',
  days: 'share.units.days',
} as const satisfies Record<ShareUnit, string>;

/** The largest expiry number the server takes (docs/UI.md, Figures). */
const maxAmount = maxWhole;

function LinkRow({ link, onDelete }: { link: ShareLink; onDelete: (link: ShareLink) => void }) {
  const { t } = useTranslation();
  const url = shareUrl(link.hash);
  // Every link of an item starts alike: on a narrow screen the start gives way, the hash stays whole.
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const permanent = link.expire === 0;
  const expiry = new Date(link.expire * 1000).toISOString();
  const copy = () =>
    copyText(url).then(
      () => showSuccess(t('share.linkCopied')),
      () => showError(t('share.copyFailed')),
    );
  const icon = link.hasPassword ? 'key' : permanent ? 'lock' : 'share';
  return (
    <li className="share-link">
      <Icon name={icon} size={20} className="icon share-link-icon" />
      <div className="share-link-text">
        {/* Named by the address itself: the two parts are flex items, which a name would part with a space. */}
        <a href={url} target="_blank" rel="noreferrer" className="share-link-url" aria-label={url}>
          <span className="share-link-base">{base}</span>
          <span className="share-link-hash">{url.slice(base.length)}</span>
        </a>
        <span className="share-link-expiry" title={permanent ? undefined : formatDate(expiry)}>
          {permanent ? t('share.permanent') : t('share.expires', { time: formatRelative(expiry) })}
          {link.hasPassword && (
            <span className="share-link-protected"> · {t('share.protected')}</span>
          )}
        </span>
        <span className="share-link-usage">
          <span className="share-link-kind">{t(kindLabels[kindOf(link)])}</span> ·{' '}
          {usageText(t, link)}
        </span>
      </div>
      <IconButton icon="copy" label={t('share.copy')} onClick={() => void copy()} />
      <IconButton icon="delete" label={t('share.delete')} onClick={() => onDelete(link)} />
    </li>
  );
}

export default function SharePrompt({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  const api = useApi();
  const links = useQuery(sharesQuery(api, item.path));
  const createLink = useCreateShareLink(item.path);
  const deleteLink = useDeleteShareLink();
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<ShareUnit>('hours');
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<ShareKind>('download');
  const [limit, setLimit] = useState('');
  const [byteUnit, setByteUnit] = useState<ByteUnit>('MB');
  const [limitError, setLimitError] = useState(false);
  const [timeError, setTimeError] = useState('');
  const [busy, setBusy] = useState(false);
  const kinds: ShareKind[] = item.isDir ? ['download', 'view', 'upload'] : ['download', 'view'];

  const create = async (expiry?: { amount: number; unit: ShareUnit }) => {
    const amountOfLimit = kind === 'upload' ? parseBytes(limit, byteUnit) : parseCount(limit);
    if (amountOfLimit === undefined) {
      setLimitError(true);
      return;
    }
    setLimitError(false);
    setBusy(true);
    try {
      await createLink.mutateAsync({
        expiry,
        password,
        options: {
          kind,
          ...(kind === 'upload'
            ? { maxUploadBytes: amountOfLimit }
            : { maxDownloads: amountOfLimit }),
        },
      });
      if (expiry) setAmount('');
      setPassword('');
      setLimit('');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const text = amount.trim();
    // docs/UI.md, Input: an empty or wrong time says what to enter; 0 would mean permanent, which
    // has its own button.
    if (text === '') return setTimeError(t('share.timeMissing'));
    if (!/^\d+$/.test(text) || Number(text) === 0 || Number(text) > maxAmount)
      return setTimeError(t('share.invalidExpiry'));
    setTimeError('');
    void create({ amount: Number(text), unit });
  };

  const remove = (link: ShareLink) => deleteLink.mutateAsync(link).catch(notifyError);

  const list = links.data ?? [];
  // The server keeps one permanent open unlimited download link per item; any other is new.
  const hasPermanent = list.some(
    (link) =>
      link.expire === 0 && !link.hasPassword && kindOf(link) === 'download' && !link.maxDownloads,
  );
  const plain = password === '' && kind === 'download' && limit.trim() === '';
  return (
    <PromptFrame
      title={t('share.title')}
      className="share-prompt"
      onSubmit={submit}
      error={links.error ?? undefined}
      actions={
        // Creating a link is the dialog's one primary action (docs/UI.md, Screens).
        <button type="button" className="button button-flat" onClick={closePrompt}>
          {t('buttons.close')}
        </button>
      }
    >
      <p className="share-item">
        <Icon name={item.isDir ? 'folder' : 'file'} size={20} />
        <span>{item.name}</span>
      </p>
      {links.isPending ? (
        <p className="share-empty">
          <span className="spinner" role="status" aria-label={t('share.loading')} />
        </p>
      ) : list.length === 0 ? (
        <p className="share-empty">{t('share.none')}</p>
      ) : (
        <ul className="share-links" aria-label={t('share.links')}>
          {list.map((link) => (
            <LinkRow key={link.hash} link={link} onDelete={(target) => void remove(target)} />
          ))}
        </ul>
      )}
      <fieldset className="share-kinds">
        <legend>{t('share.kind')}</legend>
        {kinds.map((value) => (
          <label key={value} className="share-kind">
            <input
              type="radio"
              name="share-kind"
              value={value}
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setLimit('');
                setLimitError(false);
              }}
            />
            <span>{t(kindLabels[value])}</span>
          </label>
        ))}
      </fieldset>
      <p className="share-kind-hint">{t(`share.kindHints.${kind}`)}</p>
      {kind === 'upload' ? (
        <div className="share-limit">
          <label className="field share-limit-amount">
            <span>{t('share.uploadLimit')}</span>
            <input
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder={t('share.noLimit')}
              value={limit}
              aria-invalid={limitError || undefined}
              onChange={(event) => setLimit(event.target.value)}
            />
          </label>
          <label className="field share-limit-unit">
            <span>{t('share.sizeUnit')}</span>
            <select
              className="input"
              value={byteUnit}
              onChange={(event) => setByteUnit(event.target.value === 'GB' ? 'GB' : 'MB')}
            >
              {Object.keys(byteUnits).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : (
        <label className="field share-limit-downloads">
          <span>{t('share.downloadLimit')}</span>
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            max={maxWhole}
            step={1}
            placeholder={t('share.noLimit')}
            value={limit}
            aria-invalid={limitError || undefined}
            onChange={(event) => setLimit(event.target.value)}
          />
        </label>
      )}
      {limitError && (
        <p className="field-error" role="alert">
          {t(kind === 'upload' ? 'share.invalidSize' : 'share.invalidLimit')}
        </p>
      )}
      <label className="field share-password">
        <span>{t('share.password')}</span>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <div className="share-new">
        <label className="share-amount">
          <span className="visually-hidden">{t('share.time')}</span>
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxAmount}
            step={1}
            placeholder={t('share.timePlaceholder')}
            value={amount}
            aria-invalid={timeError !== '' || undefined}
            aria-describedby={timeError ? 'share-time-error' : undefined}
            onChange={(event) => {
              setAmount(event.target.value);
              setTimeError('');
            }}
            autoFocus
          />
        </label>
        <label className="share-unit">
          <span className="visually-hidden">{t('share.unit')}</span>
          <select
            className="input"
            value={unit}
            onChange={(event) =>
              setUnit(shareUnits.find((value) => value === event.target.value) ?? 'hours')
            }
          >
            {shareUnits.map((value) => (
              <option key={value} value={value}>
                {t(unitLabels[value])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('share.create')}
        </button>
      </div>
      {timeError && (
        <p id="share-time-error" className="field-error" role="alert">
          {timeError}
        </p>
      )}
      {!links.isPending && (!hasPermanent || !plain) && (
        <button
          type="button"
          className="button button-block share-permanent"
          disabled={busy}
          onClick={() => void create()}
        >
          <Icon name="lock" size={18} />
          {t('share.getPermanent')}
        </button>
      )}
    </PromptFrame>
  );
}
