// An allow/deny rule on paths, as File Browser stores it (path prefix or regular expression).

export interface Rule {
  allow: boolean;
  path: string;
  regex: boolean;
  regexp: { raw: string } | null;
}
