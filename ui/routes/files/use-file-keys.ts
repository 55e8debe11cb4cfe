// The files screen's keys (docs/UI.md, Input and Figures) are caught from the first render; what they
// do (file-keys.ts) loads at the first one of them: the first load has no room for it
// (scripts/build-ui.ts). Until it has loaded only Ctrl/Cmd+S needs holding back at once (the
// browser would save the page); the others do nothing by default where they apply.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Resource } from '../../api/resources';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/notify-error';
import { promptStore } from '../../state/prompt';
import type { FilesScreenKind } from './file-actions';
import type { handleFileKey } from './file-keys';

const plainKeys = new Set(['F2', 'Delete', 'Escape']);
const modifiedKeys = new Set(['s', 'c', 'x', 'v']);

export function useFileKeys(
  resource: Resource | undefined,
  screen: FilesScreenKind | undefined,
): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const latest = useRef({ resource, screen });
  latest.current = { resource, screen };

  useEffect(() => {
    let handle: typeof handleFileKey | undefined;
    let loading: Promise<typeof handleFileKey> | undefined;
    let mounted = true;
    const onKey = (event: KeyboardEvent) => {
      // A key already handled is not the screen's: the Esc that closed a prompt (the layout's
      // listener may run first, as the screen mounts after the layout) does not clear the selection.
      if (event.defaultPrevented) return;
      const context = { ...latest.current, api, queryClient };
      if (handle) return handle(event, context);
      const modifier = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (!plainKeys.has(event.key) && !(modifier && modifiedKeys.has(key))) return;
      // Judged now, not once the code has loaded: Esc may close a prompt before then.
      if (promptStore.get()) return;
      if (modifier && key === 's' && context.screen !== 'editor') event.preventDefault();
      loading ??= import('./file-keys').then((keys) => (handle = keys.handleFileKey));
      loading.then((loaded) => mounted && loaded(event, context), notifyError);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      mounted = false;
      window.removeEventListener('keydown', onKey);
    };
  }, [api, queryClient]);
}
