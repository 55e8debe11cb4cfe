// The folder picker of move and copy: starts at the current folder; '..' goes up unless at the root.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated } from '../components/bidi';
import { normalizePath, parentPath } from '../api/paths';
import { resourceQuery } from '../api/resources';
import { useApi } from '../api/use-api';
import { Spinner } from '../components/icon-button';
import { Icon } from '../components/icons';

interface Entry {
  label: string;
  path: string;
  parent?: boolean;
}

/** Click picks a folder as the destination; double-click or Enter goes into it. */
export function FolderPicker({
  start,
  destination,
  onDestination,
}: {
  start: string;
  destination: string;
  onDestination: (path: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [browsing, setBrowsing] = useState(normalizePath(start));
  const query = useQuery(resourceQuery(api, browsing));
  const enter = (path: string) => {
    setBrowsing(path);
    onDestination(path);
  };
  const entries: Entry[] = [
    ...(browsing === '/'
      ? []
      : [{ label: t('prompts.picker.parent'), path: parentPath(browsing), parent: true }]),
    ...(query.data?.items ?? [])
      .filter((item) => item.isDir)
      .map((item) => ({ label: item.name, path: normalizePath(item.path) })),
  ];
  const onKey = (event: KeyboardEvent, entry: Entry) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    enter(entry.path);
  };
  return (
    <div className="picker">
      <ul className="picker-list" role="listbox" aria-label={t('prompts.picker.label')}>
        {entries.map((entry) => (
          <li
            key={entry.parent ? '..' : entry.path}
            role="option"
            tabIndex={0}
            aria-selected={destination === entry.path && !entry.parent}
            className={`picker-item${entry.parent ? ' picker-parent' : ''}${destination === entry.path && !entry.parent ? ' selected' : ''}`}
            onClick={() => (entry.parent ? enter(entry.path) : onDestination(entry.path))}
            onDoubleClick={() => enter(entry.path)}
            onKeyDown={(event) => onKey(event, entry)}
          >
            <Icon name={entry.parent ? 'back' : 'folder'} size={20} />
            <span>{entry.label}</span>
          </li>
        ))}
        {query.isPending && (
          <li className="picker-empty">
            <Spinner />
          </li>
        )}
        {query.isSuccess && entries.length === 0 && (
          <li className="picker-empty">{t('prompts.picker.empty')}</li>
        )}
      </ul>
      <p className="picker-destination">
        {t('prompts.picker.current', { path: isolated(destination) })}
      </p>
    </div>
  );
}
