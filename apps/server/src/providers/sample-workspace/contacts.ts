import type { TContact, TContactSearch } from '@app/contract/workspace/contacts';
import type { ContactsAdapter } from '../contacts/contacts-adapter';
import type { WorkspaceAccount } from '../workspace/account';
import { onSampleWorkspace, type SampleWorkspaceDeps } from './open-workspace';
import { readStored, type StoredContact, ZStoredContact } from './stored';

/** A query that could only be a phone number: digits and what people type between them. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * The address book of an account connected to a local stand-in: the sample workspace's contacts,
 * found as the interface asks: the query anywhere in the name or an address, case ignored, or
 * its digits anywhere in a number however either was written ("555 0101" finds +1 415 555 0101).
 */
export class LocalContactsAdapter implements ContactsAdapter {
  constructor(private readonly deps: SampleWorkspaceDeps) {}

  search(account: WorkspaceAccount, query: TContactSearch): Promise<TContact[]> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const matches = contactMatcher(query.q);
      const contacts = (await this.deps.store.list(owner, 'contact')).map((item) =>
        readStored(ZStoredContact, item),
      );
      return contacts
        .filter(matches)
        .slice(0, query.limit)
        .map((contact) => ({
          id: contact.id,
          connectionId: account.connectionId,
          provider: account.provider,
          name: contact.name,
          emails: contact.emails,
          phones: contact.phones,
          organization: contact.organization,
        }));
    });
  }
}

function contactMatcher(q: string): (contact: StoredContact) => boolean {
  const text = q.trim().toLowerCase();
  const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, '') : '';
  return (contact) =>
    contact.name.toLowerCase().includes(text) ||
    contact.emails.some((email) => email.toLowerCase().includes(text)) ||
    (digits.length > 0 && contact.phones.some((phone) => phone.replace(/\D/g, '').includes(digits)));
}
