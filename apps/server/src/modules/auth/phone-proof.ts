import { readSignedToken, signToken } from '../../lib/secrets';

/** How long a new user has to finish sign-up (OAuth or phone only) after verifying. */
export const PROOF_TTL_MS = 15 * 60 * 1000;

export interface PhoneProof {
  purpose: 'verified_phone';
  phone: string;
  userId: string;
  /** The verification it came from; marks the proof used. */
  codeId: string;
  exp: number;
}

export function issuePhoneProof(key: Buffer, proof: Omit<PhoneProof, 'purpose' | 'exp'>, now: Date): string {
  return signToken(key, { purpose: 'verified_phone', ...proof, exp: now.getTime() + PROOF_TTL_MS });
}

/** The proof's content when its signature holds and it has not expired; null otherwise. */
export function readPhoneProof(key: Buffer, token: string, now: Date): PhoneProof | null {
  const proof = readSignedToken<PhoneProof>(key, token);
  if (proof?.purpose !== 'verified_phone' || typeof proof.exp !== 'number' || proof.exp <= now.getTime())
    return null;
  return proof;
}
