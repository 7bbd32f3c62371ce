import type { TContact, TContactSearch } from '@app/contract/workspace/contacts';
import type { WorkspaceAccount } from '../workspace/account';

export interface ContactsAdapter {
  /** Contacts whose name, email or phone contains the query (case-insensitive; digits for phones). */
  search(account: WorkspaceAccount, query: TContactSearch): Promise<TContact[]>;
}
