import type { SecretBox } from '../../lib/secret-box';

/** Sealed tokens are bound to their row, so one row's ciphertext never opens in another. */
export const tokenContext = (connectionId: string, kind: 'access' | 'refresh') =>
  `connections:${connectionId}:${kind}`;

export function sealToken(
  box: SecretBox,
  connectionId: string,
  kind: 'access' | 'refresh',
  token: string,
): string {
  return box.seal(token, tokenContext(connectionId, kind));
}

export function openToken(
  box: SecretBox,
  connectionId: string,
  kind: 'access' | 'refresh',
  sealed: string,
): string {
  return box.open(sealed, tokenContext(connectionId, kind)).plaintext;
}
