// Wire type of search: GET /api/search/{folder}?query= streams one result per line (docs/API.md).

export interface SearchResult {
  dir: boolean;
  /** Relative to the searched folder, without a leading slash. */
  path: string;
}
