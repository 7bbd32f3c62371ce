import type { TContact, TContactSearch } from '@app/contract/workspace/contacts';
import { z } from 'zod';
import { type DavServers, type DavSession, DavSessions, withSlash, ZXmlText } from '../icloud/dav-session';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { type ContactQuery, contactMatches, contactQuery } from './contact-match';
import type { ContactsAdapter } from './contacts-adapter';
import { readVcard } from './vcard';

export type CarddavContactsOptions = DavServers;

const SERVICE = 'iCloud Contacts';

const ZBooks = z.array(z.object({ url: z.string() }));

/** Every answer a multistatus response; one without address data (a collection) is passed over. */
const ZCards = z.array(z.object({ href: z.string(), props: z.object({ addressData: ZXmlText.optional() }) }));

const TEXT_MATCH = { collation: 'i;unicode-casemap', 'match-type': 'contains' };

/**
 * The server's filter (RFC 6352 §10.5): any of the name, email or phone contains the query.
 * Not N or ORG: their values are structured, and Radicale fails the whole query (500) on them.
 * A phone number is written many ways ("+61 412 345 678", "0412345678"), so for a query of
 * digits phones are matched by digits here: the server sends every card with a phone.
 */
function filterFor(q: string, query: ContactQuery): Record<string, unknown> {
  const contains = (name: string) => ({
    _attributes: { name },
    'text-match': { _attributes: TEXT_MATCH, _text: q },
  });
  const filters: Record<string, unknown>[] = ['FN', 'EMAIL'].map(contains);
  filters.push(query.digits ? { _attributes: { name: 'TEL' } } : contains('TEL'));
  return { _attributes: { test: 'anyof' }, 'prop-filter': filters };
}

/** Apple iCloud Contacts (any CardDAV server, RFC 6352) behind the workspace's contact shape. */
export class CarddavContactsAdapter implements ContactsAdapter {
  private readonly sessions: DavSessions;

  constructor(options: CarddavContactsOptions) {
    this.sessions = new DavSessions(options, SERVICE);
  }

  async search(account: WorkspaceAccount, search: TContactSearch): Promise<TContact[]> {
    const query = contactQuery(search.q);
    return this.sessions.run(account, async (session) => {
      const books = await this.addressBooks(session);
      const perBook = await Promise.all(books.map((book) => this.searchBook(session, book, search.q, query)));
      const seen = new Set<string>();
      return perBook
        .flat()
        .filter((found) => !seen.has(found.id) && seen.add(found.id))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, search.limit)
        .map((found) => ({ ...found, connectionId: account.connectionId, provider: account.provider }));
    });
  }

  private async addressBooks(session: DavSession): Promise<string[]> {
    const { fetchAddressBooks } = await import('tsdav');
    const parsed = ZBooks.safeParse(
      await fetchAddressBooks({ account: session.carddav, headers: session.headers, fetch: session.fetch }),
    );
    if (!parsed.success) {
      throw new ProviderError('protocol', `${SERVICE} answered an address book list we cannot read`, {
        cause: parsed.error,
      });
    }
    return parsed.data.map((book) => book.url);
  }

  private async searchBook(
    session: DavSession,
    book: string,
    q: string,
    query: ContactQuery,
  ): Promise<Omit<TContact, 'connectionId' | 'provider'>[]> {
    const { addressBookQuery } = await import('tsdav');
    const answer = await addressBookQuery({
      url: book,
      props: { 'd:getetag': {}, 'card:address-data': {} },
      filters: filterFor(q, query),
      depth: '1',
      headers: session.headers,
      fetch: session.fetch,
    });
    const parsed = ZCards.safeParse(answer);
    if (!parsed.success) {
      throw new ProviderError('protocol', `${SERVICE} answered a contact search we cannot read`, {
        cause: parsed.error,
      });
    }
    return parsed.data.flatMap(({ href, props: { addressData } }) => {
      if (addressData === undefined) return [];
      const card = readVcard(addressData);
      if (!contactMatches(card, query)) return [];
      return [
        {
          id: new URL(href, withSlash(book)).href,
          name: card.name,
          emails: card.emails,
          phones: card.phones,
          organization: card.organization,
        },
      ];
    });
  }
}
