import type { TErrorCode } from '@app/contract/http';
import type { TWorkspaceFailure } from '@app/contract/internal/workspace';
import { AppError } from '../../lib/app-error';
import { WorkspaceError, type WorkspaceErrorCode } from './workspace-error';

/** The one place a workspace failure becomes HTTP (issue 20, item 7). */
const HTTP_CODES: Record<WorkspaceErrorCode, TErrorCode> = {
  not_connected: 'NOT_CONNECTED',
  not_found: 'NOT_FOUND',
  needs_reconnect: 'NEEDS_RECONNECT',
  permission_missing: 'PERMISSION_MISSING',
  unavailable: 'SERVICE_UNAVAILABLE',
  rejected: 'BAD_REQUEST',
  provider_error: 'PROVIDER_ERROR',
};

function extraOf(error: WorkspaceError) {
  const { connectionId, service, permission, reason, retryAfterSeconds } = error.details;
  return {
    ...(connectionId ? { connectionId } : {}),
    ...(service ? { service } : {}),
    ...(permission ? { permission } : {}),
    ...(reason ? { reason } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
}

/** A WorkspaceError as the response it answers; anything else is thrown on as it is. */
export function workspaceAppError(error: unknown): unknown {
  if (!(error instanceof WorkspaceError)) return error;
  return new AppError(HTTP_CODES[error.code], error.message, extraOf(error));
}

/** An account a list could not read, as the list's answer names it. */
export function failureOf(error: WorkspaceError): TWorkspaceFailure {
  const provider = error.details.provider;
  return {
    connectionId: error.details.connectionId ?? null,
    provider: provider === 'google' || provider === 'microsoft' || provider === 'apple' ? provider : null,
    code: HTTP_CODES[error.code],
    message: error.message,
    ...extraOf(error),
  };
}
