// The dialog box every prompt uses: title, body, buttons; focus moves in, stays in, and comes back on close.
import { useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeDetail, describeError } from '../components/describe-error';
import { ErrorDetails } from '../components/toasts';
import { closePrompt } from '../state/prompt';
import { useModalFocus } from './modal-focus';

export interface PromptFrameProps {
  title: string;
  children?: ReactNode;
  /** The buttons; a submit button runs onSubmit. */
  actions?: ReactNode;
  onSubmit?: () => void;
  /** A failure replaces the body with 'Something went wrong', its words and their details (docs/UI.md, Errors). */
  error?: unknown;
  className?: string;
}

function FailureText({ error }: { error: unknown }) {
  const detail = describeDetail(error);
  return (
    <>
      <p className="prompt-error">{describeError(error)}</p>
      {detail && <ErrorDetails detail={detail} />}
    </>
  );
}

export function PromptFrame({
  title,
  children,
  actions,
  onSubmit,
  error,
  className,
}: PromptFrameProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const box = useRef<HTMLFormElement>(null);
  useModalFocus(box, 'input, .button-primary, button');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  const failed = error !== undefined && error !== null;
  // noValidate: each prompt says what is wrong under the field, in the app's words and language
  // (docs/UI.md, Input), never in a bubble that differs from browser to browser.
  return (
    <form
      ref={box}
      noValidate
      className={`prompt${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onSubmit={submit}
    >
      <h2 id={titleId} className="prompt-title">
        {failed ? t('prompts.errorTitle') : title}
      </h2>
      <div className="prompt-body">{failed ? <FailureText error={error} /> : children}</div>
      <div className="prompt-actions">
        {failed ? (
          <button type="button" className="button button-primary" onClick={closePrompt} autoFocus>
            {t('buttons.close')}
          </button>
        ) : (
          actions
        )}
      </div>
    </form>
  );
}

/** The standard Cancel button. */
export function CancelButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button-flat" onClick={closePrompt}>
      {t('buttons.cancel')}
    </button>
  );
}
