// The declarative router's `navigate()` returns nothing, where the data router's promise settled
// once the new location was on screen (its screen's code loaded first). What must wait for that
// (dropping a signed-out session's cache only once its screens are gone) waits here; the router
// (app/router.tsx) reports each location it shows.
const waiting = new Set<() => void>();

/** Settles when the router next shows a location: ask before navigating. */
export function nextLocationShown(): Promise<void> {
  return new Promise((resolve) => waiting.add(resolve));
}

export function locationShown(): void {
  for (const resolve of waiting) resolve();
  waiting.clear();
}
