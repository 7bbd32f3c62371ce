import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { SmsOutbox } from '../sms-outbox/plugin';
import type { UsersRepo } from '../users/repo';
import type { AuthRepo } from './repo';

/** What the sign-in use cases may need; each takes the part it uses. */
export interface AuthDeps {
  authRepo: AuthRepo;
  securityEvents: SecurityEventsRepo;
  usersRepo: UsersRepo;
  transaction: RunInTransaction;
  /** Codes go out at once through it, and never to a number that said STOP. */
  smsOutbox: Pick<SmsOutbox, 'sendNow' | 'isOptedOut'>;
  /** The number people text (CHAT_SMS_NUMBER): where START goes. */
  chatSmsNumber: string;
  /** HMAC key of the stored code hashes. */
  codeKey: Buffer;
  /** Seals the verified-phone proof. */
  proofKey: Buffer;
  productName: string;
  publicUrl: string;
  clock: Clock;
}

/** Built once by the module's plugin (and by phone-mapping, which texts codes the same way). */
export function authDeps(app: FastifyInstance): AuthDeps {
  return {
    authRepo: app.authRepo,
    securityEvents: app.securityEvents,
    usersRepo: app.usersRepo,
    transaction: app.transaction,
    smsOutbox: app.smsOutbox,
    chatSmsNumber: app.config.chatSmsNumber,
    codeKey: app.secrets.codeHash,
    proofKey: app.secrets.tokenSealing,
    productName: app.config.productName,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
  };
}
