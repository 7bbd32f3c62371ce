import { getMeRoute } from '@app/contract/auth/get-me';
import { logoutRoute } from '@app/contract/auth/logout';
import { sendVerificationCodeRoute } from '@app/contract/auth/send-verification-code';
import { startPhoneSessionRoute } from '@app/contract/auth/start-phone-session';
import { verifyCodeRoute } from '@app/contract/auth/verify-code';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { signInOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { authDeps } from './deps';
import { newProofBrowserKey, proofCookie, readProofCookie } from './phone-proof';
import { sendVerificationCode } from './send-verification-code';
import { toUser } from './sessions';
import { startPhoneSession } from './start-phone-session';
import { MAX_SENDS_PER_IP_PER_HOUR } from './verification-codes';
import { verifyCode } from './verify-code';

const HOUR = 60 * 60 * 1000;

export async function authRoutes(app: FastifyInstance) {
  const deps = authDeps(app);
  const secureCookies = deps.publicUrl.startsWith('https:');

  registerRoute(app, sendVerificationCodeRoute, async (req) => sendVerificationCode(deps, req.body), {
    rateLimit: { max: MAX_SENDS_PER_IP_PER_HOUR, timeWindow: HOUR },
  });

  registerRoute(
    app,
    verifyCodeRoute,
    async (req, reply) => {
      const browserKey = readProofCookie(req.headers.cookie) ?? newProofBrowserKey();
      const verified = await verifyCode(deps, {
        ...req.body,
        browserKey,
        language: requestLanguage(req),
        ...signInOrigin(req),
      });
      if (verified.verifiedPhoneToken) reply.header('set-cookie', proofCookie(browserKey, secureCookies));
      return verified;
    },
    // Per code, five tries are the real bound; this only stops one address trying many numbers.
    { rateLimit: { max: 100, timeWindow: HOUR } },
  );

  registerRoute(
    app,
    startPhoneSessionRoute,
    async (req) =>
      startPhoneSession(deps, {
        ...req.body,
        browserKey: readProofCookie(req.headers.cookie),
        language: requestLanguage(req),
        ...signInOrigin(req),
      }),
    { rateLimit: { max: 20, timeWindow: HOUR } },
  );

  registerRoute(app, getMeRoute, async (req) => ({ user: toUser(requireAuth(req).user) }));

  registerRoute(app, logoutRoute, async (req) => {
    await deps.authRepo.deleteSession(requireAuth(req).session.id);
    return { success: true as const };
  });
}
