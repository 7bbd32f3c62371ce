import type { TContact, TContactSearch } from '@app/contract/workspace/contacts';
import { z } from 'zod';
import { GoogleApi } from '../google-api';
import type { WorkspaceAccount } from '../workspace/account';
import type { ContactsAdapter } from './contacts-adapter';

const READ_MASK = 'names,emailAddresses,phoneNumbers,organizations';
/** How long a warmed search cache is taken to stay warm; Google does not say, so we stay modest. */
const WARM_FOR_MS = 10 * 60_000;

const ZPrimary = z.object({ metadata: z.object({ primary: z.boolean().optional() }).optional() });

/** People API v1 `people.searchContacts` as we read it (developers.google.com/people/api/rest/v1/people/searchContacts). */
const ZSearchResults = z.object({
  results: z
    .array(
      z.object({
        person: z.object({
          resourceName: z.string().min(1),
          names: z.array(ZPrimary.extend({ displayName: z.string().optional() })).optional(),
          emailAddresses: z.array(ZPrimary.extend({ value: z.string().optional() })).optional(),
          phoneNumbers: z
            .array(ZPrimary.extend({ value: z.string().optional(), canonicalForm: z.string().optional() }))
            .optional(),
          organizations: z.array(ZPrimary.extend({ name: z.string().optional() })).optional(),
        }),
      }),
    )
    .default([]),
});
type Person = z.infer<typeof ZSearchResults>['results'][number]['person'];

/**
 * Google People API v1 behind the workspace's contact shape: the person's saved contacts. Not
 * "other contacts" (people they once wrote to): that needs another scope, and a search that
 * failed for want of it would take the saved contacts down with it.
 */
export class GoogleContactsAdapter implements ContactsAdapter {
  private readonly api: GoogleApi;
  /** Connection id -> when its search cache was last warmed. */
  private readonly warmed = new Map<string, number>();

  constructor(
    options: { baseUrl: string; timeoutMs: number },
    private readonly now: () => number = Date.now,
  ) {
    this.api = new GoogleApi(options, 'Google Contacts');
  }

  async search(account: WorkspaceAccount, query: TContactSearch): Promise<TContact[]> {
    await this.warmUp(account);
    const answer = await this.api.read(
      account,
      {
        path: '/people:searchContacts',
        query: { query: query.q, readMask: READ_MASK, pageSize: String(query.limit) },
      },
      ZSearchResults,
    );
    return answer.results.slice(0, query.limit).map(({ person }) => toContact(person, account));
  }

  /**
   * Google's search answers from a cache that only an empty query refreshes; it asks clients
   * to send one before searching, or a contact added lately is not found.
   */
  private async warmUp(account: WorkspaceAccount): Promise<void> {
    const now = this.now();
    for (const [connectionId, at] of this.warmed)
      if (now - at >= WARM_FOR_MS) this.warmed.delete(connectionId);
    if (this.warmed.has(account.connectionId)) return;
    await this.api.read(
      account,
      { path: '/people:searchContacts', query: { query: '', readMask: READ_MASK } },
      ZSearchResults,
    );
    this.warmed.set(account.connectionId, now);
  }
}

function toContact(person: Person, account: WorkspaceAccount): TContact {
  const emails = values(person.emailAddresses, (entry) => entry.value);
  return {
    id: person.resourceName,
    connectionId: account.connectionId,
    provider: 'google',
    name: primaryFirst(person.names).find((entry) => entry.displayName)?.displayName ?? emails[0] ?? '',
    emails,
    phones: values(person.phoneNumbers, (entry) => entry.canonicalForm || entry.value),
    organization: primaryFirst(person.organizations).find((entry) => entry.name)?.name ?? null,
  };
}

/** The field's entries, the one Google marks primary first. */
function primaryFirst<T extends z.infer<typeof ZPrimary>>(entries: T[] | undefined): T[] {
  return [...(entries ?? [])].sort(
    (a, b) => Number(Boolean(b.metadata?.primary)) - Number(Boolean(a.metadata?.primary)),
  );
}

function values<T extends z.infer<typeof ZPrimary>>(
  entries: T[] | undefined,
  pick: (entry: T) => string | undefined,
): string[] {
  return [...new Set(primaryFirst(entries).flatMap((entry) => pick(entry)?.trim() || []))];
}
