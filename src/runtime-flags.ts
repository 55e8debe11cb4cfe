// The Node options every launch of Drawer runs with: baked into the executable (its execArgv),
// passed by npm start, the tests and the benchmarks.

/**
 * - `--max-semi-space-size=16`: Node 24's V8 lets the young generation grow to 128 MB on a
 *   machine with memory to spare, and keeps it: a listing of 100,000 entries left the server
 *   130 MB bigger. At 4 MB a search of 25,000 results took a few milliseconds more (more young
 *   collections); 16 MB keeps both (docs/LISTINGS.md, "Memory").
 * - `--expose-gc`: a full collection after big work (src/limits/heap-release.ts) gives back what
 *   V8 would otherwise keep until its own heuristics run.
 */
export const runtimeFlags: readonly string[] = ['--max-semi-space-size=16', '--expose-gc'];
