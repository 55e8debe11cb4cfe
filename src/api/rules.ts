// Wire type of an allow/deny rule on paths, as File Browser stores and sends it (server and UI import it).

/** A path prefix relative to the scope, or a regular expression when `regex` is set. */
export interface Rule {
  allow: boolean;
  path: string;
  regex: boolean;
  regexp: { raw: string } | null;
}
