/**
 * `items.map(work)` with at most `limit` calls in flight, results in the order of `items`: a
 * provider throttles a burst of parallel calls from one account, and one call per item in series
 * would be slow. The first failure rejects the whole; calls already started run out unobserved.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        // The whole has failed: the other workers start nothing more.
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
