// A button showing an icon, named for assistive technology by its (translated) label, which shows as
// a tooltip where the button sits in a toolbar that asks for one (the header, docs/UI.md, Screens).
import { createContext, useContext } from 'react';
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

/**
 * Whether icon buttons below show their label as a tooltip on hover and keyboard focus at once,
 * rather than the browser's title, which waits a second and never shows for the keyboard.
 */
export const LabelTooltips = createContext(false);

export function IconButton({
  icon,
  label,
  state = 'idle',
  showLabel = false,
  className,
  ...rest
}: IconButtonProps) {
  const tooltip = useContext(LabelTooltips) && !showLabel;
  return (
    <button
      type="button"
      aria-label={label}
      title={tooltip ? undefined : label}
      className={`icon-button${showLabel ? ' with-label' : ''}${tooltip ? ' with-tooltip' : ''}${className ? ` ${className}` : ''}`}
      data-state={state}
      aria-busy={state === 'loading' || undefined}
      {...rest}
    >
      {state === 'loading' ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <Icon name={state === 'success' ? 'check' : icon} />
      )}
      {/* Shown as text only where CSS asks for it (the 'more' menu, showLabel, a tooltip). */}
      <span className="icon-button-label" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}

export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? 'status' : undefined} aria-label={label} />;
}
