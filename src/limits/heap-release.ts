// Giving the heap back after big work: V8 keeps the pages a burst of garbage took until its own
// heuristics collect, so a NAS would carry a big listing's or the search index's build's garbage
// for a long while (docs/LISTINGS.md, "Memory").
type Collect = () => void;

/** The collector `--expose-gc` (runtime-flags.ts) gives; absent when Drawer runs without it. */
function exposedCollector(): Collect | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as Collect) : undefined;
}

/**
 * Runs a full collection once the current work is off the stack (one, however many ask in the
 * same turn). A no-op without `--expose-gc`: the executable, npm start and the tests always pass
 * it; `node build/drawer.cjs` alone runs without.
 */
export function createHeapRelease(collect = exposedCollector()): () => void {
  let pending = false;
  return () => {
    if (!collect || pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      collect();
    });
  };
}
