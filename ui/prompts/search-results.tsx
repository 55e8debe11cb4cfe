// The search panel's results: './path' links with type icons and thumbnails, 50 at first and 50 more
// near the bottom.
import { usePreviewTicket } from '../api/tickets';
import { mayHaveThumb, previewLink } from '../api/resources';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultPath, resultType, resultUrl } from '../api/search';
import type { SearchResult } from '../../src/api/search';
import { useApi } from '../api/use-api';
import { AppLink } from '../components/app-link';
import { Thumbnail } from '../components/file-icon';
import { closePrompt } from '../state/prompt';

/** docs/UI.md, Figures: 50 results, then 50 more when scrolled within 100 px of the bottom. */
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
  const api = useApi();
  const list = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(searchPageSize);
  // One ticket for the searched folder opens the thumbnail of every result below it.
  const ticket = usePreviewTicket(folder);

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
        {results.slice(0, shown).map((result) => {
          const item = { isDir: result.dir, name: result.path, type: resultType(result) };
          const thumb =
            ticket && mayHaveThumb(item)
              ? previewLink(api, 'thumb', resultPath(folder, result), ticket)
              : undefined;
          return (
            <li key={`${result.dir ? 'd' : 'f'}${result.path}`}>
              <AppLink
                href={resultUrl(folder, result)}
                className="search-result"
                onClick={closePrompt}
              >
                <Thumbnail item={item} src={thumb} iconSize={20} />
                <span className="search-result-path">./{result.path}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
      <p className="search-count" role="status">
        {searching ? t('search.searching') : t('search.resultCount', { count: results.length })}
      </p>
    </div>
  );
}
