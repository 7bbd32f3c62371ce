import { formatE164, normaliseE164 } from '@app/contract/phone';
import type { TPhoneMappingResponse } from '@app/contract/phone-mapping/get-phone-mapping';
import type { TSetPhoneMappingResponse } from '@app/contract/phone-mapping/set-phone-mapping';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import { checkCode, textCode } from '../auth/phone-codes';
import type { ConnectionsRepo } from '../connections/repo';
import type { UserRow } from '../users/repo';
import type { PhoneMappingDeps } from './deps';

/** The number the assistant answers for this person: the one on their account. */
export function phoneMapping(user: Pick<UserRow, 'phone_number'>): TPhoneMappingResponse {
  return { phoneNumber: user.phone_number, isLinked: user.phone_number !== null };
}

/**
 * Links a number so the assistant answers its messages with this person's mail and calendar.
 * That is worth as much as the accounts behind it, so: a Google or Microsoft account must be
 * connected (else there is nothing to answer with, spec §8), a number held by someone else is
 * refused without naming them (unless that someone is an empty phone-only user, see below), and
 * a number the person has not proved gets a code by SMS first (the same code system and limits
 * as sign-in); the second call carries the code.
 */
export async function linkPhoneNumber(
  deps: PhoneMappingDeps,
  input: {
    user: UserRow;
    phoneNumber: string;
    code?: string | undefined;
    language: Language;
    origin: RequestOrigin;
  },
): Promise<TSetPhoneMappingResponse> {
  const { user, language } = input;
  const phone = normaliseE164(input.phoneNumber);
  if (!phone) {
    throw new AppError('INVALID_PHONE_NUMBER', translate(language, 'invalidPhone'), { field: 'phoneNumber' });
  }
  const connections = await deps.connectionsRepo.listForUser(user.id);
  if (!connections.some((c) => c.provider === 'google' || c.provider === 'microsoft')) {
    throw new AppError('NOT_CONNECTED', translate(language, 'phoneLinkFailed'));
  }
  const linked = (phoneNumber: string): TSetPhoneMappingResponse => ({
    ...phoneMapping({ phone_number: phoneNumber }),
    message: translate(language, 'phoneLinked'),
    verificationRequired: false,
  });
  // The number the person signed in with is proven already.
  if (user.phone_number === phone) return linked(phone);

  const taken = () => new AppError('CONFLICT', translate(language, 'phoneTaken'), { field: 'phoneNumber' });
  const found = await deps.usersRepo.findByPhone(phone);
  const holder = found && found.id !== user.id ? found : undefined;
  if (holder && !(await isEmptyPhoneUser(deps.connectionsRepo, holder))) throw taken();

  if (!input.code) {
    await textCode(deps.phoneCodes, { phone, language, purpose: 'link' });
    return {
      ...phoneMapping(user),
      message: translate(language, 'phoneCodeSent', { phone: formatE164(phone) }),
      verificationRequired: true,
    };
  }

  const code = await checkCode(deps.phoneCodes, { phone, code: input.code, language });
  const at = deps.clock.now();
  const now = at.toISOString();
  try {
    // The code is spent only together with the link it buys.
    await deps.transaction(async (trx) => {
      const users = deps.usersRepo.with(trx);
      if (!(await deps.authRepo.with(trx).consumeCode(code.id, now))) {
        throw new AppError('INVALID_CODE', translate(language, 'invalidCode'), { field: 'code' });
      }
      if (holder) {
        // Checked again inside the transaction: the holder may have connected something meanwhile.
        if (!(await isEmptyPhoneUser(deps.connectionsRepo.with(trx), holder))) throw taken();
        await users.releasePhoneNumber(holder.id, phone, now);
      }
      await users.setPhoneNumber(user.id, phone, now);
      await deps.securityEvents
        .with(trx)
        .record({ userId: user.id, kind: 'phone_linked', origin: input.origin, at });
    });
  } catch (error) {
    // Someone else linked or signed up with the number between the check and the write.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return linked(phone);
}

/**
 * A user made by a phone verification that never went further (no connection): what a person
 * leaves behind who verified their number, then signed in with Google without finishing. Anyone
 * who can receive a code at the number can sign in as that user anyway, so proving the number
 * may move it; refusing would leave the person unable ever to link their own number.
 */
async function isEmptyPhoneUser(connections: ConnectionsRepo, holder: UserRow): Promise<boolean> {
  return holder.provider === 'phone' && (await connections.countForUser(holder.id)) === 0;
}
