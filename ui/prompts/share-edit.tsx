// shareEdit: changes a link's expiry, password and limit (PATCH /api/share/<hash>); what is left as
// it is stays. Opened from the shares page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bytesAsUnit,
  byteUnits,
  kindOf,
  maxWhole,
  parseBytes,
  parseCount,
} from '../api/share-limits';
import type { ShareUnit } from '../../src/api/shares';
import { shareUnits } from '../../src/api/shares';
import type { ByteUnit } from '../api/share-limits';
import { useEditShareLink } from '../api/share-mutations';
import type { ShareChange, ShareLink } from '../api/shares';
import { closePrompt } from '../state/prompt';
import { showSuccess } from '../state/toasts';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

declare module '../state/prompt' {
  interface PromptPropsMap {
    shareEdit: { link: ShareLink };
  }
}

type ExpiryChoice = 'keep' | 'permanent' | 'new';
type PasswordChoice = 'keep' | 'set' | 'remove';
/** What is wrong, said under the field it is about (docs/UI.md, Input). */
type Invalid = { field: 'expiry' | 'password' | 'limit'; text: string } | null;

function FieldProblem({
  invalid,
  field,
}: {
  invalid: Invalid;
  field: NonNullable<Invalid>['field'];
}) {
  if (invalid?.field !== field) return null;
  return (
    <p id={`share-edit-${field}-error`} className="field-error" role="alert">
      {invalid.text}
    </p>
  );
}

/** The invalid state and description of a field's input. */
function invalidProps(invalid: Invalid, field: NonNullable<Invalid>['field']) {
  return invalid?.field === field
    ? { 'aria-invalid': true, 'aria-describedby': `share-edit-${field}-error` }
    : {};
}

const unitLabels = {
  seconds: 'share.units.seconds',
  minutes: 'share.units.minutes',
  hours: 'share.units.hours',
  days: 'share.units.days',
} as const satisfies Record<ShareUnit, string>;

export default function ShareEditPrompt({ link }: { link: ShareLink }) {
  const { t } = useTranslation();
  const editLink = useEditShareLink();
  const action = useAction();
  const upload = kindOf(link) === 'upload';
  const [expiry, setExpiry] = useState<ExpiryChoice>('keep');
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<ShareUnit>('days');
  const [passwordChoice, setPasswordChoice] = useState<PasswordChoice>('keep');
  const [password, setPassword] = useState('');
  const initialBytes = bytesAsUnit(link.maxUploadBytes ?? 0);
  const [limit, setLimit] = useState(
    upload ? initialBytes.amount : link.maxDownloads ? String(link.maxDownloads) : '',
  );
  const [byteUnit, setByteUnit] = useState<ByteUnit>(initialBytes.unit);
  const [invalid, setInvalid] = useState<Invalid>(null);

  /** The change the form asks for, or undefined (and the reason shown) when a field is wrong. */
  const changeOf = (): ShareChange | undefined => {
    const change: ShareChange = {};
    if (expiry === 'permanent') change.expires = '0';
    if (expiry === 'new') {
      const text = amount.trim();
      if (!/^\d+$/.test(text) || Number(text) === 0 || Number(text) > maxWhole) {
        setInvalid({ field: 'expiry', text: t('share.invalidExpiry') });
        return undefined;
      }
      change.expires = text;
      change.unit = unit;
    }
    if (passwordChoice === 'remove') change.password = null;
    if (passwordChoice === 'set') {
      if (password === '') {
        setInvalid({ field: 'password', text: t('share.passwordMissing') });
        return undefined;
      }
      change.password = password;
    }
    const value = upload ? parseBytes(limit, byteUnit) : parseCount(limit);
    if (value === undefined) {
      setInvalid({ field: 'limit', text: t(upload ? 'share.invalidSize' : 'share.invalidLimit') });
      return undefined;
    }
    if (upload && value !== (link.maxUploadBytes ?? 0)) change.maxUploadBytes = value;
    if (!upload && value !== (link.maxDownloads ?? 0)) change.maxDownloads = value;
    setInvalid(null);
    return change;
  };

  const save = async (change: ShareChange) => {
    if (Object.keys(change).length > 0) await editLink.mutateAsync({ hash: link.hash, change });
    closePrompt();
    showSuccess(t('shares.saved'));
  };

  return (
    <PromptFrame
      title={t('shares.editTitle')}
      className="share-prompt share-edit"
      error={action.error}
      onSubmit={() => {
        const change = changeOf();
        if (change) void action.run(() => save(change));
      }}
      actions={
        <>
          <CancelButton />
          <ActionButton state={action.state} label={t('buttons.save')} />
        </>
      }
    >
      <p className="share-item">
        <span>{link.path}</span>
      </p>
      <fieldset className="share-kinds">
        <legend>{t('shares.expiry')}</legend>
        {(['keep', 'permanent', 'new'] as const).map((value) => (
          <label key={value} className="share-kind">
            <input
              type="radio"
              name="share-expiry"
              checked={expiry === value}
              onChange={() => setExpiry(value)}
            />
            <span>{t(`shares.expiryChoices.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {expiry === 'new' && (
        <div className="share-new">
          <label className="share-amount">
            <span className="visually-hidden">{t('share.time')}</span>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxWhole}
              step={1}
              placeholder={t('share.timePlaceholder')}
              value={amount}
              {...invalidProps(invalid, 'expiry')}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <label className="share-unit">
            <span className="visually-hidden">{t('share.unit')}</span>
            <select
              className="input"
              value={unit}
              onChange={(event) =>
                setUnit(shareUnits.find((value) => value === event.target.value) ?? 'days')
              }
            >
              {shareUnits.map((value) => (
                <option key={value} value={value}>
                  {t(unitLabels[value])}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <FieldProblem invalid={invalid} field="expiry" />
      <fieldset className="share-kinds">
        <legend>{t('shares.passwordLegend')}</legend>
        {(['keep', 'set', 'remove'] as const)
          .filter((value) => value !== 'remove' || link.hasPassword)
          .map((value) => (
            <label key={value} className="share-kind">
              <input
                type="radio"
                name="share-password"
                checked={passwordChoice === value}
                onChange={() => setPasswordChoice(value)}
              />
              <span>
                {t(
                  value === 'keep' && !link.hasPassword
                    ? 'shares.passwordChoices.none'
                    : `shares.passwordChoices.${value}`,
                )}
              </span>
            </label>
          ))}
      </fieldset>
      {passwordChoice === 'set' && (
        <label className="field">
          <span>{t('shares.newPassword')}</span>
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            {...invalidProps(invalid, 'password')}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
      )}
      <FieldProblem invalid={invalid} field="password" />
      {upload ? (
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
              {...invalidProps(invalid, 'limit')}
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
            {...invalidProps(invalid, 'limit')}
            onChange={(event) => setLimit(event.target.value)}
          />
        </label>
      )}
      <FieldProblem invalid={invalid} field="limit" />
    </PromptFrame>
  );
}
