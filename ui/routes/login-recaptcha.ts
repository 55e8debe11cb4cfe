// The optional reCAPTCHA widget on the login screen: load the script, poll every 100 ms, render.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { config } from '../config';

interface Grecaptcha {
  render(container: HTMLElement, options: { sitekey: string }): number;
  getResponse(widget?: number): string;
  reset(widget?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** docs/UI.md, Figures: the captcha script is polled every 100 ms. */
export const captchaPollMs = 100;

/** Returns a reader of the captcha answer ('' when there is none or no captcha is configured). */
export function useRecaptcha(container: RefObject<HTMLDivElement | null>): {
  response(): string;
  reset(): void;
} {
  const widget = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!config.ReCaptcha) return;
    const src = `${config.ReCaptchaHost.replace(/\/$/, '')}/recaptcha/api.js?render=explicit`;
    if (!document.querySelector(`script[data-recaptcha]`)) {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.recaptcha = '';
      document.head.append(script);
    }
    const timer = setInterval(() => {
      const api = window.grecaptcha;
      if (!api?.render || !container.current || widget.current !== undefined) return;
      clearInterval(timer);
      widget.current = api.render(container.current, { sitekey: config.ReCaptchaKey });
    }, captchaPollMs);
    return () => clearInterval(timer);
  }, [container]);
  return {
    response: () =>
      widget.current === undefined ? '' : (window.grecaptcha?.getResponse(widget.current) ?? ''),
    reset: () => {
      if (widget.current !== undefined) window.grecaptcha?.reset(widget.current);
    },
  };
}
