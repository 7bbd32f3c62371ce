import { bindingOf, newBrowserKey, readBrowserKeyCookie } from '../../lib/browser-key';
import { openSealedToken, sealToken } from '../../lib/secrets';

/** How long a new user has to finish sign-up (OAuth or phone only) after verifying. */
export const PROOF_TTL_MS = 15 * 60 * 1000;

/**
 * The proof is worth something only in the browser that verified: verify-code sets this
 * HttpOnly cookie beside it, the proof carries the cookie's hash, and whoever spends the proof
 * must bring the cookie. A proof copied out of a URL, a log or a screenshot is worth nothing.
 */
export const PROOF_COOKIE = 'relay_phone_proof';

export interface PhoneProof {
  purpose: 'verified_phone';
  phone: string;
  userId: string;
  /** The verification it came from; marks the proof used (it buys one session or one sign-up). */
  codeId: string;
  /** Hash of the PROOF_COOKIE value of the browser that verified. */
  browser: string;
  exp: number;
}

export const newProofBrowserKey = newBrowserKey;

export function readProofCookie(header: string | undefined): string | null {
  return readBrowserKeyCookie(header, PROOF_COOKIE);
}

/** Sent only to the API, never readable by script, gone when the proof would have expired anyway. */
export function proofCookie(value: string, secure: boolean): string {
  return `${PROOF_COOKIE}=${value}; Path=/v1/; Max-Age=${PROOF_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function issuePhoneProof(
  key: Buffer,
  proof: Omit<PhoneProof, 'purpose' | 'exp' | 'browser'> & { browserKey: string },
  now: Date,
): string {
  const { browserKey, ...rest } = proof;
  return sealToken(key, {
    purpose: 'verified_phone',
    ...rest,
    browser: bindingOf(browserKey),
    exp: now.getTime() + PROOF_TTL_MS,
  });
}

/**
 * The proof's content when it opens and has not expired; null otherwise. Only for a proof
 * already checked against its browser (readBoundPhoneProof), such as one kept in an OAuth state
 * that is itself bound to the browser that started the flow.
 */
export function readPhoneProof(key: Buffer, token: string, now: Date): PhoneProof | null {
  const proof = openSealedToken<PhoneProof>(key, token);
  if (proof?.purpose !== 'verified_phone' || typeof proof.exp !== 'number' || proof.exp <= now.getTime())
    return null;
  return proof;
}

/** The proof, when it is valid and the request comes from the browser that verified. */
export function readBoundPhoneProof(
  key: Buffer,
  token: string,
  now: Date,
  browserKey: string | null,
): PhoneProof | null {
  const proof = readPhoneProof(key, token, now);
  return proof && browserKey && proof.browser === bindingOf(browserKey) ? proof : null;
}
