// The search panel (docs/UI.md, Screens and Behaviour): type, Enter to search the current folder, results stream in.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated } from '../components/bidi';
import type { SearchResult } from '../../src/api/search';
import { streamSearch, typeQuery } from '../api/search';
import type { SearchType } from '../api/search';
import { useApi } from '../api/use-api';
import { useShownFolder } from '../routes/files/files-place';
import { describeError } from '../components/describe-error';
import { IconButton } from '../components/icon-button';
import { Icon } from '../components/icons';
import { closePrompt } from '../state/prompt';
import { useModalFocus } from './modal-focus';
import { SearchResults } from './search-results';
import { SearchTypes } from './search-types';

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' | 'done'; results: SearchResult[] }
  | { status: 'failed'; message: string };

/** While the panel is open the page behind it does not scroll (docs/UI.md, Behaviour). */
function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);
}

export default function SearchPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const folder = useShownFolder();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [value, setValue] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  useScrollLock();
  useModalFocus(panel, '.search-input');

  useEffect(() => () => running.current?.abort(), []);

  const reset = () => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  };

  const edit = (text: string) => {
    setValue(text);
    // docs/UI.md, Behaviour: editing the input clears the results.
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (query === '') return;
    reset();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'searching', results: [] });
    const append = (batch: SearchResult[]) =>
      setState((old) =>
        old.status === 'searching' ? { ...old, results: [...old.results, ...batch] } : old,
      );
    streamSearch(api, folder, query, append, controller.signal).then(
      () =>
        !controller.signal.aborted &&
        setState((old) => (old.status === 'searching' ? { ...old, status: 'done' } : old)),
      (error: unknown) =>
        !controller.signal.aborted && setState({ status: 'failed', message: describeError(error) }),
    );
  };

  const chooseType = (type: SearchType) => {
    edit(typeQuery(type));
    input.current?.focus();
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closePrompt();
    }
  };

  const empty = value.trim() === '';
  return (
    <>
      <div className="search-backdrop" onClick={closePrompt} aria-hidden="true" />
      <div
        ref={panel}
        className="search-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('search.title')}
      >
        <form className="search-bar" onSubmit={submit} role="search">
          <Icon name="search" size={22} />
          <input
            ref={input}
            className="search-input"
            type="text"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={value}
            onChange={(event) => edit(event.target.value)}
            onKeyDown={keyDown}
          />
          {state.status === 'searching' && (
            <span className="spinner" role="status" aria-label={t('search.searching')} />
          )}
          <IconButton icon="close" label={t('search.close')} onClick={closePrompt} />
        </form>
        {state.status === 'idle' ? (
          <div className="search-hints">
            <p className="search-hint">
              {empty ? t('search.typeToSearch') : t('search.pressEnter')}
            </p>
            <p className="search-scope">
              <Icon name="folder" size={16} />
              <span>{t('search.inFolder', { folder: isolated(folder) })}</span>
            </p>
            {empty && <SearchTypes onChoose={chooseType} />}
          </div>
        ) : state.status === 'failed' ? (
          <p className="search-hint search-failed" role="alert">
            {state.message}
          </p>
        ) : (
          <SearchResults
            folder={folder}
            results={state.results}
            searching={state.status === 'searching'}
          />
        )}
      </div>
    </>
  );
}
