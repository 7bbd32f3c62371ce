import type { TServiceType } from '@app/contract/common';
import { isProviderError } from '../../providers/provider-errors';
import type { WorkspaceAccount } from '../../providers/workspace/account';
import { readAppleSettings } from '../connections/apple-settings';
import type { ConnectionRow } from '../connections/repo';
import { serviceStates } from '../integrations/services';
import type { UserRow } from '../users/repo';
import type { WorkspaceDeps } from './deps';
import { type MissingPermission, toWorkspaceError, WorkspaceError } from './workspace-error';

/** What an operation does to the service: reading, changing something, or sending on the person's behalf. */
export type Access = 'read' | 'write' | 'send';

/** A connection that may be used for the operation, and the person it belongs to. */
export interface Target {
  connection: ConnectionRow & { provider: WorkspaceAccount['provider'] };
  user: UserRow;
  service: TServiceType;
}

/** Scopes some operations need beyond the service's own (Graph sends mail with Mail.Send only). */
const EXTRA_SCOPES: Partial<Record<string, string>> = {
  'microsoft:email:send': 'https://graph.microsoft.com/Mail.Send',
};

const WORKSPACE_PROVIDERS = new Set(['google', 'microsoft', 'apple']);

export async function findUser(deps: Pick<WorkspaceDeps, 'usersRepo'>, userId: string): Promise<UserRow> {
  const user = await deps.usersRepo.findById(userId);
  if (!user) throw new WorkspaceError('not_found', 'No such user.');
  return user;
}

/**
 * The person's connections that can serve the operation, oldest first (the first account a
 * person connects is their default), and why the others cannot. A connection is usable when it
 * is connected, the provider granted the service, the person's switch is on, and the switch's
 * permissions allow a change when the operation makes one. Another person's connection id is
 * `not_found`, as an unknown one is.
 */
export async function targetsFor(
  deps: Pick<WorkspaceDeps, 'usersRepo' | 'connectionsRepo'>,
  input: { userId: string; service: TServiceType; access: Access; connectionId?: string },
): Promise<{ usable: Target[]; refused: WorkspaceError[] }> {
  const user = await findUser(deps, input.userId);
  const all = (await deps.connectionsRepo.listForUser(user.id)).reverse();
  let candidates = all.filter(
    (c): c is Target['connection'] => WORKSPACE_PROVIDERS.has(c.provider) && c.status !== 'disconnected',
  );
  if (input.connectionId !== undefined) {
    candidates = candidates.filter((c) => c.id === input.connectionId);
    if (candidates.length === 0) throw new WorkspaceError('not_found', 'No such connection.');
  }
  const switches = await deps.connectionsRepo.listServices(candidates.map((c) => c.id));
  const usable: Target[] = [];
  const refused: WorkspaceError[] = [];
  for (const connection of candidates) {
    const state = serviceStates(connection, switches).find((s) => s.serviceType === input.service);
    if (!state) continue; // the provider does not offer it (Apple has no mail)
    const at = { connectionId: connection.id, provider: connection.provider, service: input.service };
    const missing = missingPermission(connection, state, input.service, input.access);
    if (connection.status === 'needs_reconnect') {
      refused.push(
        new WorkspaceError('needs_reconnect', 'This account needs to be connected again.', {
          ...at,
          reason: connection.status_reason ?? 'token_expired',
        }),
      );
    } else if (missing) {
      refused.push(
        new WorkspaceError('permission_missing', permissionText(input.service, missing), {
          ...at,
          permission: missing,
        }),
      );
    } else usable.push({ connection, user, service: input.service });
  }
  if (input.connectionId !== undefined && usable.length === 0 && refused.length === 0) {
    throw new WorkspaceError('not_connected', `This account has no ${input.service}.`, {
      connectionId: input.connectionId,
      service: input.service,
    });
  }
  return { usable, refused };
}

function missingPermission(
  connection: Target['connection'],
  state: ReturnType<typeof serviceStates>[number],
  service: TServiceType,
  access: Access,
): MissingPermission | null {
  if (!state.granted) return 'grant';
  if (!state.switchedOn) return 'switch';
  if (access !== 'read' && !state.permissions.includes('write')) return 'write';
  const extra = EXTRA_SCOPES[`${connection.provider}:${service}:${access}`];
  if (extra && !connection.granted_scopes.split(' ').includes(extra)) return 'send';
  return null;
}

function permissionText(service: TServiceType, missing: MissingPermission): string {
  switch (missing) {
    case 'grant':
      return `Access to ${service} was not granted: connect the account again and allow it.`;
    case 'switch':
      return `${service} is switched off for this account on the Integrations screen.`;
    case 'write':
      return `${service} is read-only for this account on the Integrations screen.`;
    default:
      return 'Sending mail was not granted: connect the account again and allow it.';
  }
}

/**
 * One target for an operation that changes one thing: the named connection, or the person's
 * default (their first usable one). Nothing usable: why the first one was refused.
 */
export async function oneTarget(
  deps: Pick<WorkspaceDeps, 'usersRepo' | 'connectionsRepo'>,
  input: { userId: string; service: TServiceType; access: Access; connectionId?: string },
): Promise<Target> {
  const { usable, refused } = await targetsFor(deps, input);
  const [first] = usable;
  if (first) return first;
  throw (
    refused[0] ??
    new WorkspaceError('not_connected', `No account with ${input.service} is connected.`, {
      service: input.service,
    })
  );
}

/**
 * Runs one provider call for a target with the connection layer's rules: a usable credential
 * (refreshed first when close to expiry), and after a 401 one refresh and one more call; an Apple
 * password refused means the person changed their Apple ID password, so the connection is marked
 * for reconnecting (which texts them once). Every failure comes out as a WorkspaceError.
 */
export async function onAccount<T>(
  deps: Pick<WorkspaceDeps, 'connectionAccess'>,
  target: Target,
  call: (account: WorkspaceAccount) => Promise<T>,
): Promise<T> {
  const { connection, user } = target;
  const where = { connectionId: connection.id, provider: connection.provider, service: target.service };
  const base = {
    connectionId: connection.id,
    provider: connection.provider,
    email: connection.email,
    timeZone: user.time_zone ?? 'UTC',
    language: user.language,
  };
  try {
    const secret = await deps.connectionAccess.accessToken(connection);
    if (connection.provider === 'apple') {
      const settings = readAppleSettings(connection.settings);
      if (!settings)
        throw new WorkspaceError('needs_reconnect', 'Connect iCloud again.', {
          ...where,
          reason: 'apple_password_revoked',
        });
      const account: WorkspaceAccount = {
        ...base,
        access: {
          kind: 'dav',
          appleId: connection.provider_account_id,
          password: secret,
          homes: settings.homes,
        },
      };
      try {
        return await call(account);
      } catch (error) {
        if (!isProviderError(error, 'token_refused')) throw error;
        await deps.connectionAccess.markBroken(connection, 'apple_password_revoked');
        throw new WorkspaceError('needs_reconnect', 'Connect iCloud again.', {
          ...where,
          reason: 'apple_password_revoked',
        });
      }
    }
    try {
      return await call({ ...base, access: { kind: 'oauth', accessToken: secret } });
    } catch (error) {
      if (!isProviderError(error, 'token_refused')) throw error;
    }
    const fresh = await deps.connectionAccess.accessToken(connection, { staleToken: secret });
    return await call({ ...base, access: { kind: 'oauth', accessToken: fresh } });
  } catch (error) {
    throw toWorkspaceError(error, where);
  }
}

/**
 * The same call on every target at once. Lists across accounts answer with what worked and say
 * which accounts failed and why; when nothing worked, the first failure is the answer.
 */
export async function onEveryAccount<T>(
  deps: Pick<WorkspaceDeps, 'connectionAccess'>,
  targets: { usable: Target[]; refused: WorkspaceError[] },
  service: TServiceType,
  call: (account: WorkspaceAccount) => Promise<T>,
): Promise<{ results: T[]; failures: WorkspaceError[] }> {
  const settled = await Promise.allSettled(targets.usable.map((target) => onAccount(deps, target, call)));
  const results: T[] = [];
  const failures = [...targets.refused];
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') results.push(outcome.value);
    else if (outcome.reason instanceof WorkspaceError) failures.push(outcome.reason);
    else throw outcome.reason;
  }
  if (results.length === 0) {
    throw (
      failures[0] ??
      new WorkspaceError('not_connected', `No account with ${service} is connected.`, { service })
    );
  }
  return { results, failures };
}
