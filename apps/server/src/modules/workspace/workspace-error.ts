import type { TServiceType } from '@app/contract/common';
import { ProviderError } from '../../providers/provider-errors';
import { ConnectionBrokenError, ConnectionUnavailableError } from '../connections/connection-errors';

/**
 * Why a workspace operation did not happen, in the one vocabulary every caller speaks (issue 20):
 * the internal API turns it into HTTP (http-error.ts), the assistant into a tool result. Typed,
 * never translated: the words are the caller's.
 *
 * - not_connected: the person has no account that offers this (no calendar connected).
 * - not_found: no such user, connection, event or message (another person's is not found either).
 * - needs_reconnect: only the person can repair the connection; `reason` says why.
 * - permission_missing: `service` is not granted, switched off, or lacks what this needs
 *   (`permission`: the grant at the provider, the person's switch, write access, or sending).
 * - unavailable: the provider is down or throttling; try again after `retryAfterSeconds`.
 * - rejected: the provider refused what was asked (an attendee it cannot invite, a bad id).
 * - provider_error: the provider answered something we cannot use, or refused a fresh token.
 */
export type WorkspaceErrorCode =
  | 'not_connected'
  | 'not_found'
  | 'needs_reconnect'
  | 'permission_missing'
  | 'unavailable'
  | 'rejected'
  | 'provider_error';

export type MissingPermission = 'grant' | 'switch' | 'write' | 'send';

export interface WorkspaceErrorDetails {
  connectionId?: string;
  provider?: string;
  service?: TServiceType;
  permission?: MissingPermission;
  reason?: string;
  retryAfterSeconds?: number;
}

export class WorkspaceError extends Error {
  override name = 'WorkspaceError';
  constructor(
    readonly code: WorkspaceErrorCode,
    message: string,
    readonly details: WorkspaceErrorDetails = {},
  ) {
    super(message);
  }
}

/** How long a caller is told to wait when the provider named no time. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * Any failure of one call on one connection, as a WorkspaceError. Errors that are not about the
 * connection or the provider (a bug) pass through untouched, to become a 500 with a log line.
 */
export function toWorkspaceError(
  error: unknown,
  where: { connectionId: string; provider: string; service: TServiceType },
): unknown {
  if (error instanceof WorkspaceError) return error;
  const at = { connectionId: where.connectionId, provider: where.provider };
  if (error instanceof ConnectionBrokenError) {
    return new WorkspaceError('needs_reconnect', 'This account needs to be connected again.', {
      ...at,
      reason: error.reason,
    });
  }
  if (error instanceof ConnectionUnavailableError) {
    return new WorkspaceError('unavailable', 'The account could not be reached right now.', {
      ...at,
      retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
    });
  }
  if (!(error instanceof ProviderError)) return error;
  switch (error.kind) {
    case 'scope_missing':
      return new WorkspaceError('permission_missing', `The ${where.service} permission was not granted.`, {
        ...at,
        service: where.service,
        permission: 'grant',
      });
    case 'not_found':
      return new WorkspaceError('not_found', 'Not found at the provider.', at);
    case 'rejected':
      return new WorkspaceError('rejected', 'The provider refused the request.', at);
    case 'unavailable':
      return new WorkspaceError('unavailable', 'The provider is not available right now.', {
        ...at,
        retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      });
    default:
      // A token refused right after a refresh, or an answer we cannot read.
      return new WorkspaceError('provider_error', 'The provider did not answer as expected.', at);
  }
}
