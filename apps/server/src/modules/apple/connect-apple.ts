import type { TConnectAppleResponse } from '@app/contract/apple/connect-apple';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type Language, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { RequestOrigin } from '../../lib/request-origin';
import { IcloudAuthError, type IcloudDiscovery, IcloudUnavailableError } from '../../providers/icloud/icloud';
import { appleSettings, normaliseAppPassword } from '../connections/apple-settings';
import { sealToken } from '../connections/sealed-tokens';
import type { AppleDeps } from './deps';

/**
 * Apple has no scopes: the connection lists the services iCloud showed (a person who turned
 * off iCloud Calendar has no calendar home to read), which the integrations screen reads.
 */
function discoveredServices(found: IcloudDiscovery): string {
  return [found.calendars.length > 0 ? 'calendar' : null, found.addressBooks.length > 0 ? 'contacts' : null]
    .filter(Boolean)
    .join(' ');
}

/** Thrown inside the transaction so that nothing it wrote survives. */
class AppleIdTaken extends Error {}

/**
 * Connects iCloud: the credentials are tried first (calendars and address books discovered),
 * and only when iCloud accepts them is anything stored, the password sealed. A person has one
 * Apple connection: connecting again, with the same or another Apple ID, repairs it in place.
 */
export async function connectApple(
  deps: Pick<
    AppleDeps,
    | 'icloud'
    | 'connectionsRepo'
    | 'securityEvents'
    | 'transaction'
    | 'secretBox'
    | 'clock'
    | 'connectionLifecycle'
  >,
  input: {
    userId: string;
    appleId: string;
    appPassword: string;
    language: Language;
    origin: RequestOrigin;
    log: FastifyBaseLogger;
  },
): Promise<TConnectAppleResponse> {
  const appleId = input.appleId.trim().toLowerCase();
  const password = normaliseAppPassword(input.appPassword);
  let found: IcloudDiscovery;
  try {
    found = await deps.icloud.discover({ appleId, password });
  } catch (error) {
    if (error instanceof IcloudAuthError) {
      throw new AppError('APPLE_AUTH_FAILED', translate(input.language, 'appleAuthFailed'));
    }
    if (error instanceof IcloudUnavailableError) {
      input.log.warn({ failure: error.failure, reason: error.message }, 'iCloud discovery failed');
      throw new AppError('SERVICE_UNAVAILABLE', translate(input.language, 'appleUnreachable'));
    }
    throw error;
  }

  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const settings = appleSettings(found.homes, found.calendars, found.addressBooks);
  try {
    await deps.transaction(async (trx) => {
      const repo = deps.connectionsRepo.with(trx);
      // Checked only after iCloud accepted the password: whoever learns "already connected"
      // has proved they own the Apple ID. The answer never says to whom.
      const holder = await repo.findByAccount('apple', appleId);
      if (holder && holder.user_id !== input.userId) throw new AppleIdTaken();
      const mine = holder ?? (await repo.findForUser(input.userId, 'apple'));
      const id = mine?.id ?? newId();
      const fields = {
        provider_account_id: appleId,
        email: appleId,
        name: PROVIDER_NAMES.apple,
        granted_scopes: discoveredServices(found),
        access_token: sealToken(deps.secretBox, id, 'access', password),
        refresh_token: null,
        expires_at: null,
        status: 'connected' as const,
        status_reason: null,
        settings,
        updated_at: nowIso,
      };
      // Connecting again over a working connection (another Apple ID, new calendars) is no event.
      const kind = !mine ? 'connection_added' : mine.status === 'connected' ? null : 'connection_repaired';
      if (kind) {
        await deps.securityEvents.with(trx).record({
          userId: input.userId,
          kind,
          detail: { provider: 'apple' },
          origin: input.origin,
          at: now,
        });
      }
      if (mine) {
        // Repaired in place: the break, its SMS mark and any failure history are over.
        await repo.update(id, {
          ...fields,
          reconnect_notified_at: null,
          failed_refresh_count: 0,
          retry_after: null,
          last_refresh_error: null,
          last_refresh_error_at: null,
        });
      } else {
        await repo.insert({ id, user_id: input.userId, provider: 'apple', created_at: nowIso, ...fields });
      }
    });
  } catch (error) {
    if (error instanceof AppleIdTaken || isUniqueViolation(error)) {
      throw new AppError('CONFLICT', translate(input.language, 'appleTaken'));
    }
    throw error;
  }
  // Committed: whoever follows connections (the change feed) is told.
  const connection = await deps.connectionsRepo.findByAccount('apple', appleId);
  if (connection) await deps.connectionLifecycle.connected(connection);
  return {
    success: true,
    message: translate(input.language, 'appleConnected'),
    email: appleId,
    calendars: found.calendars.map((c) => ({ name: c.name })),
    addressBooks: found.addressBooks.map((b) => ({ name: b.name })),
  };
}

/** Two connects of one Apple ID at the same moment: the unique (provider, account) index decides. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
