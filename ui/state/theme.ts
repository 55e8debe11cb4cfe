// The colour theme (docs/UI.md, Behaviour): chosen per browser; 'system' follows prefers-color-scheme.
// Only what the first paint needs lives here; choosing is in the profile, reading in the editor.
import { createStore } from './store';

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

export const themeStorageKey = 'drawer-theme';
export const darkQuery = '(prefers-color-scheme: dark)';

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(themeStorageKey);
    return themeChoices.find((choice) => choice === value) ?? 'system';
  } catch {
    // Sandboxed pages have no storage: they follow the system.
    return 'system';
  }
}

export const themeStore = createStore<ThemeChoice>(storedChoice());

/** base.css keys its colours on data-theme, so one attribute switches every screen at once. */
function paint(): void {
  const choice = themeStore.get();
  const dark = choice === 'system' ? matchMedia(darkQuery).matches : choice === 'dark';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Paints the stored choice before the first render and follows changes of choice and of system. */
export function startTheme(): void {
  paint();
  themeStore.subscribe(paint);
  matchMedia(darkQuery).addEventListener('change', paint);
}
