// Parsers for the server's flag values: switches, ports, URL prefixes, sizes, counts and the bwrap search.
import path from 'node:path';
import type { HeavyWorkLimit } from '../limits/heavy-work';
import { UsageError } from './usage-error';

/** The --bwrap file alone when given, else `bwrap` in each absolute folder of PATH. */
export function bwrapCandidates(
  given: string | undefined,
  searchPath: string | undefined,
  cwd: string,
) {
  return programCandidates('bwrap', given, searchPath, cwd);
}

/** The file a flag names alone when given, else `program` in each absolute folder of PATH. */
export function programCandidates(
  program: string,
  given: string | undefined,
  searchPath: string | undefined,
  cwd: string,
): string[] {
  if (given) return [path.resolve(cwd, given)];
  const folders = (searchPath || '/usr/local/bin:/usr/bin:/bin').split(path.delimiter);
  return folders
    .filter((folder) => path.isAbsolute(folder))
    .map((folder) => path.join(folder, program));
}

/**
 * The one vocabulary of switches, in flags (--x=off), variables and config files alike; any case.
 * Undefined for anything else, which the caller refuses naming where it came from.
 */
export function parseSwitch(word: string): boolean | undefined {
  if (/^(1|true|yes|on)$/i.test(word)) return true;
  if (/^(0|false|no|off)$/i.test(word)) return false;
  return undefined;
}

export function parseCount(raw: string): number | undefined {
  if (!/^\d{1,9}$/.test(raw.trim())) return undefined;
  const count = Number(raw.trim());
  return count > 0 ? count : undefined;
}

/** "6/2": six in all, two per user; "6" alone lets one user take all six. */
export function parseConcurrency(raw: string): HeavyWorkLimit | undefined {
  const [totalText, perUserText, ...rest] = raw.split('/');
  if (rest.length > 0 || totalText === undefined) return undefined;
  const total = parseCount(totalText);
  const perUser = perUserText === undefined ? total : parseCount(perUserText);
  if (total === undefined || perUser === undefined || perUser > total) return undefined;
  return { total, perUser };
}

/** Bytes, or a whole number with K, M, G or T (powers of 1024, an optional "iB" or "B" allowed). */
export function parseByteSize(raw: string): number | undefined {
  const match = /^(\d{1,15})(?:([KMGT])(?:i?B)?)?$/i.exec(raw.trim());
  if (!match) return undefined;
  const power = { '': 0, K: 1, M: 2, G: 3, T: 4 }[(match[2] ?? '').toUpperCase()] ?? 0;
  const bytes = Number(match[1]) * 1024 ** power;
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

export function parsePort(raw: string, label: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535)
    throw new UsageError(`${label}: "${raw}" is not a port number (0-65535)`);
  return Number(raw);
}

/** "/fb/" and "fb" both become "/fb"; "" and "/" mean no prefix. */
export function normaliseBaseUrl(raw: string, label = '--baseurl'): string {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (
    !/^[A-Za-z0-9._~\-/]+$/.test(trimmed) ||
    trimmed.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new UsageError(`${label}: "${raw}" is not a URL path like /files`);
  }
  return `/${trimmed}`;
}
