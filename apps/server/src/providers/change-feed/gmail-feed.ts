import { z } from 'zod';
import { GoogleApi, segment } from '../google-api';
import { toSummary, ZGmailMessage } from '../mailbox/gmail-wire';
import { isProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import {
  expiryFromMillis,
  type FeedChange,
  readFromCursor,
  type Subscribed,
  stopUnlessGone,
} from './feed-adapter';

/** A page loop that never ends is a provider bug; past this many pages the sync stops and fails. */
const MAX_PAGES = 50;

const ZWatch = z.object({
  historyId: z.union([z.string(), z.number()]).transform(String),
  expiration: z.union([z.string(), z.number()]).optional(),
});

const ZHistory = z.object({
  history: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).optional(),
        messagesAdded: z.array(z.object({ message: z.object({ id: z.string().min(1) }) })).optional(),
      }),
    )
    .default([]),
  historyId: z.union([z.string(), z.number()]).transform(String).optional(),
  nextPageToken: z.string().optional(),
});

const ZProfile = z.object({ historyId: z.union([z.string(), z.number()]).transform(String) });

/**
 * Gmail's push (users.watch to the Pub/Sub topic GOOGLE_PUBSUB_TOPIC, INBOX only) and its
 * incremental sync (history.list from the last historyId, messages added to INBOX).
 */
export class GmailFeed {
  private readonly api: GoogleApi;

  constructor(options: { baseUrl: string; timeoutMs: number; topic: string | null }) {
    this.api = new GoogleApi(options, 'Gmail');
    this.topic = options.topic;
  }

  private readonly topic: string | null;

  /** Watching again is how Gmail renews, so subscribe and renew are one call. */
  async subscribe(account: WorkspaceAccount, cursor: string | null): Promise<Subscribed> {
    if (!this.topic) {
      // No Pub/Sub topic configured: no push for Gmail, the module's polling syncs it.
      const start = cursor ?? (await this.sync(account, null)).cursor;
      return { externalId: account.email.toLowerCase(), expiresAt: null, cursor: start };
    }
    const watch = await this.api.read(
      account,
      {
        method: 'POST',
        path: '/users/me/watch',
        body: { topicName: this.topic, labelIds: ['INBOX'], labelFilterBehavior: 'include' },
      },
      ZWatch,
    );
    return {
      // The notification names the mailbox by its address: that is how a push finds its subscription.
      externalId: account.email.toLowerCase(),
      expiresAt: expiryFromMillis(watch.expiration),
      cursor: cursor ?? watch.historyId,
    };
  }

  async unsubscribe(account: WorkspaceAccount): Promise<void> {
    await stopUnlessGone(() => this.api.call(account, { method: 'POST', path: '/users/me/stop' }));
  }

  async sync(
    account: WorkspaceAccount,
    cursor: string | null,
  ): Promise<{ changes: FeedChange[]; cursor: string }> {
    if (!cursor) {
      const profile = await this.api.read(account, { path: '/users/me/profile' }, ZProfile);
      return { changes: [{ kind: 'resynced', resource: 'mail' }], cursor: profile.historyId };
    }
    const added: string[] = [];
    let latest = cursor;
    let pageToken: string | undefined;
    for (let page = 0; ; page += 1) {
      if (page >= MAX_PAGES) throw new Error('Gmail history did not end');
      const query = {
        startHistoryId: cursor,
        historyTypes: 'messageAdded',
        labelId: 'INBOX',
        ...(pageToken ? { pageToken } : {}),
      };
      const answer = await readFromCursor(
        () => this.api.read(account, { path: '/users/me/history', query }, ZHistory),
        (error) => isProviderError(error, 'not_found'),
        'Gmail no longer has this history (404)',
      );
      for (const record of answer.history)
        for (const { message } of record.messagesAdded ?? [])
          if (!added.includes(message.id)) added.push(message.id);
      if (answer.historyId) latest = answer.historyId;
      if (!answer.nextPageToken) break;
      pageToken = answer.nextPageToken;
    }
    const changes: FeedChange[] = [];
    for (const id of added) {
      try {
        const message = await this.api.read(
          account,
          {
            path: `/users/me/messages/${segment(id)}`,
            // Every header: the query takes one value a name, and Gmail wants metadataHeaders repeated.
            query: { format: 'metadata' },
          },
          ZGmailMessage,
        );
        changes.push({ kind: 'mail.arrived', message: toSummary(message, account) });
      } catch (error) {
        // Deleted between its arrival and this sync: nothing arrived to tell of.
        if (!isProviderError(error, 'not_found')) throw error;
      }
    }
    return { changes, cursor: latest };
  }
}
