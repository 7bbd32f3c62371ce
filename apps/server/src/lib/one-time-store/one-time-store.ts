/**
 * Short-lived state that must be used at most once, shared by every instance: OAuth state,
 * login tickets, locks. Redis when REDIS_URL is set, otherwise the database.
 */
export interface OneTimeStore {
  /** Stores `value` for `ttlMs` unless the key is already held; true when stored. */
  put(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and removes in one step: of any number of callers, one gets the value; null when absent or expired. */
  take(key: string): Promise<string | null>;
  /**
   * A lock held until released or `ttlMs` passes (so a crashed holder cannot block forever).
   * Resolves to its release function, or null when someone else holds it.
   */
  lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
}
