// A prompt's running action: idle → loading (spinner) → success (tick), or the error for the frame.
import { useState } from 'react';
import type { ButtonState } from '../components/icon-button';

/** How long a prompt shows its done tick before it closes and moves on. */
export const tickMs = 400;

export function useAction(): {
  state: ButtonState;
  error: unknown;
  run(work: () => Promise<void>, after?: () => void): Promise<void>;
  /** Forgets the last failure (the user changed what failed). */
  reset(): void;
} {
  const [state, setState] = useState<ButtonState>('idle');
  const [error, setError] = useState<unknown>(null);
  return {
    state,
    error,
    async run(work, after) {
      if (state !== 'idle') return;
      setState('loading');
      try {
        await work();
      } catch (failure) {
        setState('idle');
        setError(failure);
        return;
      }
      setState('success');
      if (after) setTimeout(after, tickMs);
    },
    reset: () => setError(null),
  };
}
