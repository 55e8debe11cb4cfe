// A prompt's main button that shows a spinner while working and a tick when done.
import type { ButtonHTMLAttributes } from 'react';
import type { ButtonState } from '../components/icon-button';
import { Icon } from '../components/icons';

export function ActionButton({
  state,
  label,
  danger = false,
  ...rest
}: {
  state: ButtonState;
  label: string;
  danger?: boolean;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={`button ${danger ? 'button-danger' : 'button-primary'} action-button`}
      data-state={state}
      aria-busy={state === 'loading' || undefined}
      {...rest}
      disabled={rest.disabled || state !== 'idle'}
    >
      {state === 'loading' && <span className="spinner" aria-hidden="true" />}
      {state === 'success' && <Icon name="check" size={20} />}
      <span>{label}</span>
    </button>
  );
}
