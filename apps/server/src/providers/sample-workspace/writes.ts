import type { ChangeRecord } from '../change-feed/feed-adapter';

export type SampleWriteListener = (records: ChangeRecord[]) => Promise<void>;

/**
 * What the assistant writes to a sample calendar, told as a provider's sync would tell it (issue
 * 31, decision 504). A real provider's feed sees our own writes; the sample workspace has no feed,
 * so the workspace's use cases tell this, and the change feed, which listens, publishes. The
 * workspace never imports the change feed: the arrow goes the other way, as for connections.
 */
export class SampleWrites {
  private readonly listeners: SampleWriteListener[] = [];

  listen(listener: SampleWriteListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener; a listener's failure is its own (the write has happened). */
  async tell(records: ChangeRecord[]): Promise<void> {
    for (const listener of this.listeners) await listener(records);
  }
}
