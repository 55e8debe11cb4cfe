// The search panel's results: './path' links with icons, 50 at first and 50 more near the bottom.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultUrl } from '../api/search';
import type { SearchResult } from '../api/search';
import { AppLink } from '../components/app-link';
import { Icon } from '../components/icons';
import { closePrompt } from '../state/prompt';

/** SPEC §9: 50 results, then 50 more when scrolled within 100 px of the bottom. */
export const searchPageSize = 50;
const loadMoreMarginPx = 100;

export function SearchResults({
  folder,
  results,
  searching,
}: {
  folder: string;
  results: SearchResult[];
  searching: boolean;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(searchPageSize);

  const showMoreNearBottom = () => {
    const box = list.current;
    if (!box || shown >= results.length) return;
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= loadMoreMarginPx)
      setShown((count) => count + searchPageSize);
  };
  // A list shorter than its box cannot scroll: keep filling it as results arrive.
  useEffect(showMoreNearBottom);

  if (results.length === 0)
    return (
      <p className="search-hint" role="status">
        {searching ? t('search.searching') : t('search.noResults')}
      </p>
    );
  return (
    <div ref={list} className="search-results" onScroll={showMoreNearBottom}>
      <ul aria-label={t('search.results')}>
        {results.slice(0, shown).map((result) => (
          <li key={`${result.dir ? 'd' : 'f'}${result.path}`}>
            <AppLink
              href={resultUrl(folder, result)}
              className="search-result"
              onClick={closePrompt}
            >
              <span className={`file-icon file-icon-${result.dir ? 'folder' : 'file'}`}>
                <Icon name={result.dir ? 'folder' : 'file'} size={20} />
              </span>
              <span className="search-result-path">./{result.path}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <p className="search-count" role="status">
        {searching ? t('search.searching') : t('search.resultCount', { count: results.length })}
      </p>
    </div>
  );
}
