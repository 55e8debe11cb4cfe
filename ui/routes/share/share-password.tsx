// The password form of a protected share: sends the password once, hands the page the share and its token.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublicShare } from '../../api/shares';
import type { PublicShare } from '../../api/shares';
import { useApi } from '../../api/use-api';
import { describeError } from '../../components/describe-error';
import { Icon } from '../../components/icons';

export function SharePasswordForm({
  hash,
  sub,
  onOpened,
}: {
  hash: string;
  sub: string;
  /** The share as the password opened it; its token opens the rest of the page. */
  onOpened: (share: PublicShare) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '') return;
    setBusy(true);
    setError('');
    try {
      onOpened(await fetchPublicShare(api, hash, sub, { password }));
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  }

  return (
    <form
      className="share-card share-password-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="share-password-title"
      noValidate
    >
      <Icon name="lock" size={40} className="icon share-password-icon" />
      <h1 id="share-password-title" className="share-name">
        {t('publicShare.passwordTitle')}
      </h1>
      <p className="share-hint">{t('publicShare.passwordHint')}</p>
      {error && (
        <p className="login-error" role="alert">
          {error}
        </p>
      )}
      <label className="field">
        <span>{t('publicShare.password')}</span>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" className="button button-primary" disabled={busy || password === ''}>
        {t('publicShare.open')}
      </button>
    </form>
  );
}
