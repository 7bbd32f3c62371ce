import type { TContact, TContactSearch } from '@app/contract/workspace/contacts';
import { onEveryAccount, targetsFor } from './accounts';
import type { WorkspaceDeps } from './deps';
import type { WorkspaceError } from './workspace-error';

type ContactsDeps = Pick<WorkspaceDeps, 'usersRepo' | 'connectionsRepo' | 'connectionAccess' | 'contacts'>;

/** People matching a name, address or number across every address book of the person, by name. */
export async function searchContacts(
  deps: ContactsDeps,
  input: { userId: string; query: TContactSearch; connectionId?: string },
): Promise<{ contacts: TContact[]; failures: WorkspaceError[] }> {
  const targets = await targetsFor(deps, { ...input, service: 'contacts', access: 'read' });
  const { results, failures } = await onEveryAccount(deps, targets, 'contacts', (account) =>
    deps.contacts[account.provider].search(account, input.query),
  );
  const contacts = results
    .flat()
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, input.query.limit);
  return { contacts, failures };
}
