import { randomUUID } from 'node:crypto';
import { STAND_IN_SERVICES } from '@app/contract/app/get-app-config';
import type { TErrorBody } from '@app/contract/http';
import { MAX_PROVIDER_ID_LENGTH } from '@app/contract/internal/workspace';
import { errorCodeText } from '@app/contract/messages';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { jobsPlugin } from './lib/jobs/plugin';
import { loggableUrl } from './lib/redact';
import { serializerCompiler } from './lib/serialize';
import { accountRepoPlugin } from './modules/account/repo';
import { accountRoutes } from './modules/account/routes';
import { appConfigRoutes, publicAppConfig } from './modules/app-config/routes';
import { appleRoutes } from './modules/apple/routes';
import { followUpsRepoPlugin } from './modules/assistant/follow-ups/repo';
import { helpDaysRepoPlugin } from './modules/assistant/help/repo';
import { memoryRepoPlugin } from './modules/assistant/memory/repo';
import { assistantPlugin } from './modules/assistant/plugin';
import { remindersRepoPlugin } from './modules/assistant/reminders/repo';
import { assistantRepoPlugin } from './modules/assistant/repo';
import { schedulingRepoPlugin } from './modules/assistant/scheduling/repo';
import { assistantSettingsRepoPlugin } from './modules/assistant/settings/repo';
import { authRepoPlugin } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { sessionsPlugin } from './modules/auth/sessions';
import { billingRepoPlugin } from './modules/billing/repo';
import { billingRoutes } from './modules/billing/routes';
import { hookRoutes } from './modules/change-feed/hooks';
import { changeFeedPlugin } from './modules/change-feed/plugin';
import { feedSubscriptionsRepoPlugin } from './modules/change-feed/repo';
import { connectionsPlugin } from './modules/connections/plugin';
import { connectionsRepoPlugin } from './modules/connections/repo';
import { contactRepoPlugin } from './modules/contact/repo';
import { contactRoutes } from './modules/contact/routes';
import { devRoutes } from './modules/dev/routes';
import { eventsRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { integrationsRoutes } from './modules/integrations/routes';
import { internalApiRoutes } from './modules/internal-api/routes';
import { mailOutboxPlugin } from './modules/mail-outbox/plugin';
import { oauthRoutes } from './modules/oauth/routes';
import { phoneMappingRoutes } from './modules/phone-mapping/routes';
import { retentionPlugin } from './modules/retention/plugin';
import { securityEventsRepoPlugin } from './modules/security-events/repo';
import { smsOutboxPlugin } from './modules/sms-outbox/plugin';
import { smsOutboxRepoPlugin } from './modules/sms-outbox/repo';
import { usagePlugin } from './modules/usage/plugin';
import { usageRepoPlugin } from './modules/usage/repo';
import { usageRoutes } from './modules/usage/routes';
import { usersRepoPlugin } from './modules/users/repo';
import { authenticatePlugin } from './plugins/authenticate';
import { configPlugin } from './plugins/config';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { oneTimeStorePlugin } from './plugins/one-time-store';
import { portsPlugin } from './plugins/ports';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redisPlugin } from './plugins/redis';
import { secretsPlugin } from './plugins/secrets';
import { isApiPath, securityHeadersPlugin } from './plugins/security-headers';
import { serviceKeyPlugin } from './plugins/service-key';
import { swaggerPlugin } from './plugins/swagger';
import { webPlugin } from './plugins/web';
import { devOutboxPlugin } from './providers/dev-outbox/repo';
import { icloudPort } from './providers/icloud/index';
import { identityPort } from './providers/identity/index';
import { llmPort } from './providers/llm/index';
import { mailPort } from './providers/mail/index';
import { paymentsPort } from './providers/payments/index';
import { localPaymentsRepoPlugin } from './providers/payments/repo';
import { sampleWorkspacePlugin } from './providers/sample-workspace/repo';
import { smsPort } from './providers/sms/index';
import { workspaceAdaptersPlugin } from './providers/workspace/index';

function isFileLike(path: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(path);
}

/**
 * Errors Node answers before any request exists, in our `{ error: { code, message } }` shape
 * (in English: there are no parsed headers to take a language from).
 */
function rawErrorResponse(status: 400 | 408 | 431): string {
  const code = status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const body = JSON.stringify({ error: { code, message: errorCodeText('en', code) } } satisfies TErrorBody);
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[
    status
  ];
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Builds the whole app without listening. The order of registration is the architecture:
 * outside plugins, then shared services, then one plugin per outside service (port), then
 * repositories and workers, then the modules' routes.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const redactUrls = config.env === 'production';
  const trusted = config.trustProxy;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Query values never reach a log (lib/redact.ts); phone numbers in a path (a lookup by
        // number) are masked in production.
        req: (req) => ({
          method: req.method,
          url: loggableUrl(req.url, redactUrls),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    genReqId: () => randomUUID(),
    // Every route validates and serializes with zod: given here, Fastify never loads Ajv and
    // fast-json-stringify for its defaults (30-50 ms of every start; decision 270).
    schemaController: {
      // (Fastify's types describe Ajv's compilers; zod's are the same kind of function.)
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
    // A hop count becomes "trust the nearest n hops", as proxy-addr does with a number.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    bodyLimit: 64 * 1024,
    // Path parameters up to the longest provider id the contract takes (Graph's and CalDAV's are
    // past Fastify's default of 100; decision 350); the router compares the decoded value.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PROVIDER_ID_LENGTH },
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `A part of the path is longer than ${MAX_PROVIDER_ID_LENGTH} characters.`
          : error.message;
      const body: TErrorBody = { error: { code: 'BAD_REQUEST', message } };
      // This reply skips the onSend hooks, so it sets the API's cache header itself.
      void (reply as FastifyReply).code(400).header('cache-control', 'no-store').send(body);
    },
    clientErrorHandler: (error, socket) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNRESET' || socket.destroyed) return;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      if (socket.writable) socket.write(rawErrorResponse(status));
      socket.destroy(error);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Outside plugins and shared services.
  await app.register(configPlugin, { config });
  await app.register(securityHeadersPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  // API and docs responses over 1 KB go out brotli/gzip; web files are compressed at build time.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(swaggerPlugin);
  await app.register(dbPlugin);
  await app.register(secretsPlugin);
  await app.register(oneTimeStorePlugin);
  await app.register(portsPlugin);
  await app.register(devOutboxPlugin);
  await app.register(sampleWorkspacePlugin);

  // Outside services: one plugin per port, real adapter or local stand-in.
  await app.register(smsPort);
  await app.register(mailPort);
  await app.register(identityPort);
  await app.register(icloudPort);
  await app.register(workspaceAdaptersPlugin);
  await app.register(llmPort);
  await app.register(localPaymentsRepoPlugin);
  await app.register(paymentsPort);

  // Repositories, workers and request guards.
  await app.register(jobsPlugin);
  await app.register(smsOutboxRepoPlugin);
  await app.register(smsOutboxPlugin);
  await app.register(usersRepoPlugin);
  await app.register(assistantRepoPlugin);
  await app.register(assistantSettingsRepoPlugin);
  await app.register(memoryRepoPlugin);
  await app.register(followUpsRepoPlugin);
  await app.register(schedulingRepoPlugin);
  await app.register(remindersRepoPlugin);
  await app.register(helpDaysRepoPlugin);
  await app.register(authRepoPlugin);
  await app.register(securityEventsRepoPlugin);
  await app.register(accountRepoPlugin);
  await app.register(sessionsPlugin);
  await app.register(contactRepoPlugin);
  await app.register(connectionsRepoPlugin);
  await app.register(connectionsPlugin);
  await app.register(feedSubscriptionsRepoPlugin);
  await app.register(changeFeedPlugin);
  await app.register(mailOutboxPlugin);
  await app.register(retentionPlugin);
  await app.register(billingRepoPlugin);
  await app.register(usageRepoPlugin);
  await app.register(usagePlugin);
  await app.register(authenticatePlugin);
  await app.register(serviceKeyPlugin);
  await app.register(errorHandlerPlugin);

  // Modules.
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(authRoutes);
  await app.register(contactRoutes);
  await app.register(accountRoutes);
  await app.register(eventsRoutes);
  await app.register(oauthRoutes);
  await app.register(integrationsRoutes);
  await app.register(phoneMappingRoutes);
  await app.register(internalApiRoutes);
  await app.register(assistantPlugin);
  await app.register(appleRoutes);
  await app.register(billingRoutes);
  await app.register(usageRoutes);
  await app.register(devRoutes);
  await app.register(hookRoutes);

  if (config.web.enabled) {
    const settings = publicAppConfig(app);
    const { length } = settings.standIns;
    const standIns = length === 0 ? 'none' : length === STAND_IN_SERVICES.length ? 'all' : null;
    await app.register(webPlugin, {
      distDir: config.web.distDir,
      // The page reads its settings from itself instead of asking /v1/config before it can render.
      embed: { 'app-config': settings },
      // Screens drawn at build time show the stand-in banner for all of the services or none:
      // a server with some real and some stand-ins serves the loading mark instead.
      ...(standIns ? { screens: { standIns, settings } } : {}),
    });
  } else app.decorate('sendSpaPage', null);

  app.setNotFoundHandler(
    { preHandler: app.rateLimit(app.defaultRateLimit) },
    (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (
        app.sendSpaPage &&
        !isApiPath(path) &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFileLike(path)
      ) {
        return app.sendSpaPage(request, reply);
      }
      return reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
    },
  );

  return app;
}
