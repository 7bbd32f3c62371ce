import type { TContact, TContactSearch } from '@app/contract/workspace/contacts';
import { z } from 'zod';
import type { WorkspaceAccount } from '../workspace/account';
import { GraphApi, type GraphOptions } from '../workspace/graph-api';
import type { ContactsAdapter } from './contacts-adapter';

/** Contacts read per search: an address book larger than this is searched in its first part. */
const MAX_SCANNED = 2000;
const PAGE_SIZE = 500;
/** Fewer digits than this in a query are not a phone number ("Room 2" is not). */
const MIN_PHONE_DIGITS = 3;

const FIELDS =
  'id,displayName,givenName,surname,emailAddresses,businessPhones,homePhones,mobilePhone,companyName';

/** The parts of Graph's contact resource we read (learn.microsoft.com/graph/api/resources/contact). */
const ZGraphContact = z.object({
  id: z.string().min(1),
  displayName: z.string().nullish(),
  givenName: z.string().nullish(),
  surname: z.string().nullish(),
  emailAddresses: z.array(z.object({ address: z.string().nullish(), name: z.string().nullish() })).nullish(),
  businessPhones: z.array(z.string()).nullish(),
  homePhones: z.array(z.string()).nullish(),
  mobilePhone: z.string().nullish(),
  companyName: z.string().nullish(),
});

/**
 * Outlook contacts over Microsoft Graph v1.0. Graph's `$filter` on contacts knows `startswith`
 * on names and addresses but no substring and no phone numbers, and `/me/people` needs a
 * permission we do not ask for and ranks people the person only mailed. So the address book is
 * read in a few large pages, only the fields we show, and matched here: a part of a name or an
 * address, or the digits of a phone number, as the workspace promises. Only the default contacts
 * folder is read, which is where Outlook puts contacts unless the person made folders.
 */
export class GraphContactsAdapter implements ContactsAdapter {
  private readonly api: GraphApi;

  constructor(options: GraphOptions) {
    this.api = new GraphApi(options);
  }

  async search(account: WorkspaceAccount, query: TContactSearch): Promise<TContact[]> {
    const matches = matcher(query.q);
    const url = this.api.url('/me/contacts', { $select: FIELDS, $top: PAGE_SIZE });
    const found = await this.api.collect(account, url, ZGraphContact, {
      maxItems: MAX_SCANNED,
      maxPages: Math.ceil(MAX_SCANNED / PAGE_SIZE),
    });
    return found
      .map(
        (item): TContact => ({
          id: item.id,
          connectionId: account.connectionId,
          provider: 'microsoft',
          name: item.displayName || [item.givenName, item.surname].filter(Boolean).join(' '),
          emails: (item.emailAddresses ?? []).flatMap((entry) => (entry.address ? [entry.address] : [])),
          phones: [
            ...(item.mobilePhone ? [item.mobilePhone] : []),
            ...(item.businessPhones ?? []),
            ...(item.homePhones ?? []),
          ],
          organization: item.companyName || null,
        }),
      )
      .map((contact) => ({ contact, rank: matches(contact) }))
      .filter((entry) => entry.rank > 0)
      .sort((a, b) => b.rank - a.rank || a.contact.name.localeCompare(b.contact.name))
      .slice(0, query.limit)
      .map((entry) => entry.contact);
  }
}

/**
 * How well a contact matches: 2 when a name or an address starts with the query, 1 when one
 * contains it or a phone holds its digits, 0 when nothing does.
 */
function matcher(q: string): (contact: TContact) => number {
  const needle = q.toLowerCase();
  const digits = q.replace(/\D/g, '');
  const isPhone = digits.length >= MIN_PHONE_DIGITS && /^[\d\s()+.-]+$/.test(q);
  return (contact) => {
    const texts = [contact.name, ...contact.name.split(/\s+/), ...contact.emails].map((text) =>
      text.toLowerCase(),
    );
    if (texts.some((text) => text.startsWith(needle))) return 2;
    if (texts.some((text) => text.includes(needle))) return 1;
    if (isPhone && contact.phones.some((phone) => samePhone(phone.replace(/\D/g, ''), digits))) return 1;
    return 0;
  };
}

/**
 * Whether a phone holds the digits asked for, the trunk 0 of a national number aside: "0170 123"
 * finds "+49 170 123", and "+49 170 123" finds a number stored as "0170 123".
 */
function samePhone(phone: string, asked: string): boolean {
  const national = (digits: string) => digits.replace(/^0+/, '');
  if (phone.includes(national(asked))) return true;
  return national(phone).length >= MIN_PHONE_DIGITS * 2 && asked.endsWith(national(phone));
}
