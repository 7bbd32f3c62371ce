import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the contract's zod schemas; browse it at /docs. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    const { productName, publicUrl } = app.config;
    await app.register(swagger, {
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
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger', dependencies: ['config'] },
);
