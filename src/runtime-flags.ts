// The Node options every launch of Drawer runs with: baked into the executable (its execArgv),
// passed by npm start, the tests and the benchmarks.

/**
 * - `--max-semi-space-size=4`: Node 24's V8 lets the young generation grow to 128 MB on a machine
 *   with memory to spare, and keeps it: a listing of 100,000 entries left the server 130 MB
 *   bigger. 4 MB halves (each semi-space) are collected more often but cost no measurable time
 *   on the benchmarks (docs/LISTINGS.md, "Memory").
 * - `--expose-gc`: a full collection after big work (src/limits/heap-release.ts) gives back what
 *   V8 would otherwise keep until its own heuristics run.
 */
export const runtimeFlags: readonly string[] = ['--max-semi-space-size=4', '--expose-gc'];
