// The login screen: username, password, the sign-up toggle and confirmation, the optional captcha.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { logIn, signUp } from '../api/auth';
import { ApiError } from '../api/client';
import { useApi } from '../api/use-api';
import { describeError } from '../components/describe-error';
import { useDocumentTitle } from '../components/document-title';
import { Logo } from '../components/icons';
import { appName, config } from '../config';
import { safeRedirect } from './guards';
import { useRecaptcha } from './login-recaptcha';

export default function LoginScreen() {
  return config.LoginPage ? <PasswordLogin /> : <AutomaticLoginFailed />;
}

/** Behind a login proxy that did not name the visitor: nothing to type here, only to retry. */
function AutomaticLoginFailed() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('titles.login'));

  async function retry() {
    setBusy(true);
    try {
      await logIn(api, '', '');
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <div className="login-card">
        <div className="login-brand">
          <Logo size={56} />
          <h1>{appName}</h1>
        </div>
        <p className="login-error" role="alert">
          {t('login.notIdentified')}
        </p>
        <button
          type="button"
          className="button button-primary button-block"
          disabled={busy}
          onClick={() => void retry()}
        >
          {t('login.tryAgain')}
        </button>
      </div>
    </main>
  );
}

function PasswordLogin() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const [signup, setSignup] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const captchaBox = useRef<HTMLDivElement>(null);
  const captcha = useRecaptcha(captchaBox);
  useDocumentTitle(t(signup ? 'login.signup' : 'titles.login'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    const recaptcha = captcha.response();
    if (config.ReCaptcha && !recaptcha) return setError(t('login.wrongCredentials'));
    if (signup) {
      if (password !== confirmation) return setError(t('login.passwordsDontMatch'));
      setBusy(true);
      try {
        await signUp(api, username, password);
      } catch (failure) {
        setBusy(false);
        const taken = failure instanceof ApiError && failure.status === 409;
        return setError(taken ? t('login.usernameTaken') : describeError(failure));
      }
    }
    setBusy(true);
    try {
      await logIn(api, username, password, recaptcha);
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch {
      captcha.reset();
      setError(t('login.wrongCredentials'));
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="login-card" onSubmit={(event) => void submit(event)} noValidate>
        <div className="login-brand">
          <Logo size={56} />
          <h1>{appName}</h1>
        </div>
        {error && (
          <p className="login-error" role="alert">
            {error}
          </p>
        )}
        <label className="field">
          <span>{t('login.username')}</span>
          <input
            className="input"
            autoComplete="username"
            autoCapitalize="off"
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input
            className="input"
            type="password"
            autoComplete={signup ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {signup && (
          <label className="field">
            <span>{t('login.passwordConfirm')}</span>
            <input
              className="input"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </label>
        )}
        {config.ReCaptcha && <div className="captcha" ref={captchaBox} />}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t(signup ? 'login.signup' : 'login.submit')}
        </button>
        {config.Signup && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setSignup((value) => !value);
              setError('');
            }}
          >
            {t(signup ? 'login.loginInstead' : 'login.createAnAccount')}
          </button>
        )}
      </form>
    </main>
  );
}
