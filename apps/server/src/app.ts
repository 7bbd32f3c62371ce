import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { AppError } from './lib/app-error';
import { requestLanguage, translate } from './lib/messages';
import { appConfigRoutes } from './modules/app-config/routes';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { devRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { authenticatePlugin } from './plugins/authenticate';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { servicesPlugin } from './plugins/services';
import { swaggerPlugin } from './plugins/swagger';
import { webPlugin } from './plugins/web';

/** Hosts of the card provider, the only outside origins the pages may use. */
const PAYMENT_HOSTS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

function isFileLike(path: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(path);
}

/**
 * Builds the whole app without listening. Order matters: outside plugins (security
 * headers, rate limit, docs, database), then our decorators, then the modules.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...PAYMENT_HOSTS.script],
        // Mantine sets CSS variables through style attributes and <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...PAYMENT_HOSTS.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...PAYMENT_HOSTS.connect],
        frameSrc: PAYMENT_HOSTS.frame,
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Needed so the card provider's iframe and hosted pages work.
    crossOriginEmbedderPolicy: false,
  });

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    // Routes opt in through registerRoute, so static files and health checks are never limited.
    global: false,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'RATE_LIMITED',
        translate(requestLanguage(request), 'tooManyRequests', { seconds }),
        {
          retryAfterSeconds: seconds,
        },
      );
    },
  });

  // API and docs responses over 1 KB go out brotli/gzip; web files are compressed at build time.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(swaggerPlugin, { productName: config.productName, publicUrl: config.publicUrl });
  await app.register(dbPlugin, { database: config.database });
  await app.register(servicesPlugin, { config });
  await app.register(authenticatePlugin);
  await app.register(errorHandlerPlugin);

  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(authRoutes);
  await app.register(contactRoutes);
  if (app.standIns.includes('sms') || app.standIns.includes('mail')) await app.register(devRoutes);

  if (config.web.enabled) await app.register(webPlugin, { distDir: config.web.distDir });
  else app.decorate('spaIndexHtml', null);

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: config.rateLimitPerMinute, timeWindow: 60_000 }) },
    (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/v1' || path.startsWith('/v1/');
      if (
        app.spaIndexHtml &&
        !isApi &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFileLike(path)
      ) {
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .sendFile('index.html');
      }
      return reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
    },
  );

  return app;
}
