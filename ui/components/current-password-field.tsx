// The acting user's own password, which the server asks for before account changes: a stolen
// session alone cannot change a password, make an admin or delete a user.
import { useId } from 'react';
import { config } from '../config';

/** No-auth mode has no passwords to confirm with; the server does not ask there. */
export const asksCurrentPassword = !config.NoAuth;

export function CurrentPasswordField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const hintId = useId();
  if (!asksCurrentPassword) return null;
  return (
    <div className="field">
      <label>
        <span>{label}</span>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          required
          aria-describedby={hint ? hintId : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {hint && (
        <small id={hintId} className="settings-help">
          {hint}
        </small>
      )}
    </div>
  );
}
