// Table-driven API scenarios: one named test per request row, with the table's invariant checked after each.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { TestResponse, TestServer } from './server';

/**
 * A value known only once the server runs (a user id, a token): rows are declared when the file
 * loads, before any `before` hook has started the server, so they may carry a function instead.
 */
export type Lazy<T> = T | (() => T);

/** Text that must (or must not) be in the answer's body; a predicate for anything subtler. */
export type BodyMatcher = string | RegExp | ((text: string) => boolean);

/**
 * Who sends a row: a name of the table's `tokens`, 'anonymous' for no token, or a token given
 * as is (forged, malformed). A raw token is wrapped so that a misspelt name cannot pass for a
 * garbage token whose 401 a row happens to expect.
 */
export type Caller<Who extends string> = Who | 'anonymous' | { token: Lazy<string> };

export interface Scenario<Who extends string> {
  /** The test's title: what a failure is reported under. */
  name: string;
  as: Caller<Who>;
  method: string;
  /** Sent exactly as written (see TestServer.request): encodings and ".." reach the server. */
  url: Lazy<string>;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: Lazy<unknown>;
  /** Sent as is, with no JSON encoding. */
  rawBody?: string;
  /** A list only where either answer keeps the guarantee (an escaping link: refused or not found). */
  status: number | readonly number[];
  contains?: BodyMatcher | readonly BodyMatcher[];
  notContains?: BodyMatcher | readonly BodyMatcher[];
  /** Drawer's JSON error body (src/errors.ts): its code, and its message when given. */
  expectJson?: { code: string | RegExp; message?: string | RegExp };
  /** What the columns cannot say (a header, the state of one record), asserted after them. */
  check?: (response: TestResponse) => void | Promise<void>;
}

/**
 * State a table must leave as it found it (or as `holds` says): read before the first row and
 * after every row, each reading held to the one before it, so a row that changed it fails under
 * its own name, and it alone, rather than a later test failing for it.
 */
export interface Invariant<State> {
  /** Named in the failure message. */
  what: string;
  read: () => State | Promise<State>;
  /**
   * Defaults to "unchanged": deepEqual(after, before). An absolute fact checked here ("no pub2")
   * stays false after the row that broke it, so the rows after it fail too: blame the first.
   */
  holds?: (after: State, before: State) => void;
}

export interface ScenarioTable<Who extends string, State> {
  /** Called when a row runs, after the file's `before` hooks have started the server. */
  context: () => { server: TestServer; tokens: Record<Who, string> };
  /** Runs once before the first row (users or files the rows need), before the invariant's read. */
  prepare?: () => void | Promise<void>;
  invariant?: Invariant<State>;
  /** Asserted of every row's answer, after the row's own columns (e.g. no canary, no server path). */
  each?: (response: TestResponse, row: Scenario<NoInfer<Who>>) => void | Promise<void>;
  /** Callers are not inferred from here: a misspelt name is a type error, not a new caller. */
  rows: readonly Scenario<NoInfer<Who>>[];
}

/** Declares a suite `title` with one test per row; call it where `describe` and `it` may be called. */
export function scenarios<Who extends string, State = never>(
  title: string,
  table: ScenarioTable<Who, State>,
): void {
  const names = table.rows.map((row) => row.name);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  // Two rows of one name would report as one, and a failure could not be told apart.
  if (repeated.length > 0) throw new Error(`${title}: repeated row names ${repeated.join(', ')}`);

  describe(title, () => {
    let state: State;
    before(async () => {
      await table.prepare?.();
      if (table.invariant) state = await table.invariant.read();
    });
    for (const row of table.rows) {
      it(row.name, async () => {
        const before = state;
        try {
          await sendAndCheck(table, row);
        } finally {
          // Read even when the row failed, so that what it changed is not blamed on the next row.
          if (table.invariant) state = await table.invariant.read();
        }
        if (table.invariant) assertHolds(table.invariant, state, before);
      });
    }
  });
}

async function sendAndCheck<Who extends string, State>(
  table: ScenarioTable<Who, State>,
  row: Scenario<Who>,
): Promise<void> {
  const { server, tokens } = table.context();
  const url = resolve(row.url);
  const response = await server.request(row.method, url, {
    token: tokenOf(row.as, tokens),
    headers: row.headers,
    body: resolve(row.body),
    rawBody: row.rawBody,
  });
  const label = `${row.method} ${url} → ${response.status} ${response.text.slice(0, 300)}`;
  assertStatus(response.status, row.status, label);
  for (const matcher of listOf(row.contains))
    assert.ok(matches(response.text, matcher), `${label}\nshould contain ${String(matcher)}`);
  for (const matcher of listOf(row.notContains))
    assert.ok(!matches(response.text, matcher), `${label}\nmust not contain ${String(matcher)}`);
  if (row.expectJson) assertErrorBody(response, row.expectJson, label);
  await row.check?.(response);
  await table.each?.(response, row);
}

function assertHolds<State>(invariant: Invariant<State>, after: State, before: State): void {
  const { what, holds } = invariant;
  if (!holds) return assert.deepEqual(after, before, `${what} changed`);
  try {
    holds(after, before);
  } catch (error) {
    if (error instanceof assert.AssertionError) error.message = `${what}: ${error.message}`;
    throw error;
  }
}

function isThunk<T>(value: Lazy<T>): value is () => T {
  return typeof value === 'function';
}

function resolve<T>(value: Lazy<T>): T {
  return isThunk(value) ? value() : value;
}

function tokenOf<Who extends string>(
  caller: Caller<Who>,
  tokens: Record<Who, string>,
): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (typeof caller === 'object') return resolve(caller.token);
  const token = tokens[caller];
  // A name the context does not know is a mistake in the table, not an anonymous request.
  assert.ok(token, `no token for caller "${caller}"`);
  return token;
}

function assertStatus(actual: number, expected: number | readonly number[], label: string): void {
  if (typeof expected === 'number') assert.equal(actual, expected, label);
  else assert.ok(expected.includes(actual), `${label}\nexpected one of ${expected.join(', ')}`);
}

function listOf(matchers: BodyMatcher | readonly BodyMatcher[] | undefined): BodyMatcher[] {
  if (matchers === undefined) return [];
  return isList(matchers) ? [...matchers] : [matchers];
}

function isList(
  matchers: BodyMatcher | readonly BodyMatcher[],
): matchers is readonly BodyMatcher[] {
  return Array.isArray(matchers);
}

function matches(text: string, matcher: BodyMatcher): boolean {
  if (typeof matcher === 'string') return text.includes(matcher);
  // search() ignores a /g pattern's lastIndex, which would make test() alternate between rows.
  if (matcher instanceof RegExp) return text.search(matcher) !== -1;
  return matcher(text);
}

function assertErrorBody(
  response: TestResponse,
  expected: { code: string | RegExp; message?: string | RegExp },
  label: string,
): void {
  const body = response.json<{ code?: unknown; message?: unknown }>();
  assertText(body.code, expected.code, `${label}\ncode`);
  if (expected.message !== undefined)
    assertText(body.message, expected.message, `${label}\nmessage`);
}

function assertText(actual: unknown, expected: string | RegExp, label: string): void {
  if (typeof expected === 'string') assert.equal(actual, expected, label);
  else assert.match(String(actual), expected, label);
}
