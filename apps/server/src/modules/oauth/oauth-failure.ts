import type { TErrorCode } from '@app/contract/http';

/** A callback refused for a reason the person is told (by its code) and the log keeps (by its message). */
export class OAuthFailure extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
  }
}
