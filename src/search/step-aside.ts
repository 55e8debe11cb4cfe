// The search index's background passes (sizes, watchers) step aside while a search or another walk
// runs: on two cores, a size pass's thousand lstats a second doubled a big search's time
// (docs/SEARCH.md, "Figures").

/** How long a pass waits at a time: a server busy without end still sees its passes go on. */
const longestWaitMs = 50;
const pollMs = 5;

/** Resolves once `busy` says no, or after `longestWaitMs`; at once when nothing is busy. */
export async function stepAside(busy: (() => boolean) | undefined): Promise<void> {
  if (!busy?.()) return;
  const until = performance.now() + longestWaitMs;
  while (busy() && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, pollMs));
}
