// Collects what an answer given in batches holds, in order.
export async function collectBatches<T>(
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}
