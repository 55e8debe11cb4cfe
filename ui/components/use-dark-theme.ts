// Whether the page is dark now, for widgets that take a theme of their own (the editor).
import { useStore } from '../state/store';
import { darkQuery, themeStore } from '../state/theme';
import { useMediaQuery } from './use-media';

export function useIsDarkTheme(): boolean {
  const choice = useStore(themeStore);
  const systemDark = useMediaQuery(darkQuery);
  return choice === 'system' ? systemDark : choice === 'dark';
}
