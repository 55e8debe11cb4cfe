// The acting user's own password, which the server asks for before account changes: a stolen
// session alone cannot change a password, make an admin or delete a user.
import { useId } from 'react';
import { config } from '../config';

/**
 * Only password login has a password to confirm with: without login there is none, and behind a
 * login proxy nobody knows theirs (the proxy vouches on every request). The server asks likewise.
 */
export const asksCurrentPassword = config.AuthMethod === 'json';

export function CurrentPasswordField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  /** Why the value cannot be used, said under the field. */
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const hintId = useId();
  const errorId = useId();
  if (!asksCurrentPassword) return null;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label>
        <span>{label}</span>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {hint && (
        <small id={hintId} className="settings-help">
          {hint}
        </small>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
