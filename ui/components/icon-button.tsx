// A button showing an icon, named for assistive technology by its (translated) label.
import type { ButtonHTMLAttributes } from 'react';
import type { IconName } from './icons';
import { Icon } from './icons';

/** idle shows the icon; loading a spinner; success a tick (the header's save and upload buttons). */
export type ButtonState = 'idle' | 'loading' | 'success';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  label: string;
  state?: ButtonState;
  /** Also show the label as text (the mobile 'more' menu does). */
  showLabel?: boolean;
}

export function IconButton({
  icon,
  label,
  state = 'idle',
  showLabel = false,
  className,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`icon-button${showLabel ? ' with-label' : ''}${className ? ` ${className}` : ''}`}
      data-state={state}
      aria-busy={state === 'loading' || undefined}
      {...rest}
    >
      {state === 'loading' ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <Icon name={state === 'success' ? 'check' : icon} />
      )}
      {/* Shown as text only where CSS asks for it (the 'more' menu, showLabel). */}
      <span className="icon-button-label" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}

export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? 'status' : undefined} aria-label={label} />;
}
