import { API_BASE } from '@app/contract/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isLoopbackAddress } from '../lib/client-address';

const DOCS = '/docs';
const INTERNAL = `${API_BASE}/internal/`;
/** Headers that belong to one connection or are recomputed for the reply, never copied. */
const NOT_COPIED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * The OpenAPI document is generated from the contract's zod schemas; browse it at /docs.
 *
 * @fastify/swagger and swagger-ui are set up when /docs is first asked for, not at start: they
 * took 40 to 60 ms of every start (their modules, yaml, reading swagger-ui's files) for a page
 * few people open (bench/README.md). Every route is recorded as it is registered, as
 * @fastify/swagger itself does, and replayed into a Fastify instance of the docs' own, built
 * once; /docs and everything under it are answered by that instance, through this app's hooks
 * (security headers, compression), exactly as when swagger-ui was registered here.
 *
 * A production server lists the internal API (the assistant service's) only to this machine:
 * to the internet it is a surface to probe, not a documented one.
 */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      if (route.url !== DOCS && !route.url.startsWith(`${DOCS}/`)) routes.push(route);
    });

    const docs = new Map<'public' | 'full', Promise<FastifyInstance>>();
    const buildDocs = async (withInternal: boolean) => {
      const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
        import('fastify'),
        import('@fastify/swagger'),
        import('@fastify/swagger-ui'),
      ]);
      const { jsonSchemaTransform, jsonSchemaTransformObject } = await import('fastify-type-provider-zod');
      const instance = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
      instance.setValidatorCompiler(validatorCompiler);
      instance.setSerializerCompiler(serializerCompiler);
      const { productName, publicUrl } = app.config;
      await instance.register(swagger, {
        openapi: {
          info: {
            title: `${productName} API`,
            version: '1',
            description:
              'Every error answers `{ error: { code, message } }` with a stable code. Authenticated calls take `Authorization: Bearer <sessionToken>`.',
          },
          servers: [{ url: publicUrl }],
          components: {
            securitySchemes: {
              bearerAuth: { type: 'http', scheme: 'bearer' },
              serviceKey: {
                type: 'http',
                scheme: 'bearer',
                description: 'The assistant service key (ASSISTANT_API_KEY)',
              },
            },
          },
        },
        transform: jsonSchemaTransform,
        transformObject: jsonSchemaTransformObject,
      });
      await instance.register(swaggerUi, { routePrefix: DOCS, staticCSP: true });
      // The same routes as this app, as swagger saw them here; HEAD routes were recorded too.
      for (const route of routes) {
        if (!withInternal && route.url.startsWith(INTERNAL)) continue;
        instance.route({
          method: route.method,
          url: route.url,
          ...(route.schema ? { schema: route.schema } : {}),
          ...(route.constraints ? { constraints: route.constraints } : {}),
          exposeHeadRoute: false,
          handler: async () => undefined,
        });
      }
      await instance.ready();
      return instance;
    };
    app.addHook('onClose', async () => {
      for (const instance of docs.values()) await (await instance).close();
    });
    const docsFor = (request: FastifyRequest) => {
      const kind = app.config.env !== 'production' || isLoopbackAddress(request.ip) ? 'full' : 'public';
      let instance = docs.get(kind);
      if (!instance) {
        instance = buildDocs(kind === 'full');
        docs.set(kind, instance);
      }
      return instance;
    };

    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      // Always a GET: a HEAD is Fastify's own HEAD route of this GET one, as swagger-ui's were.
      const res = await (await docsFor(request)).inject({
        method: 'GET',
        url: request.url,
        headers: request.headers,
      });
      // What the docs do not have, this app answers as it answers any unknown path.
      if (res.statusCode === 404) return reply.callNotFound();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined && !NOT_COPIED.has(name)) reply.header(name, value);
      }
      reply.code(res.statusCode);
      return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
    };
    for (const url of [DOCS, `${DOCS}/*`]) app.get(url, { schema: { hide: true } }, answer);
  },
  { name: 'swagger', dependencies: ['config'] },
);
