import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSecrets, type Secrets } from '../lib/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
  }
}

export const secretsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('secrets', loadSecrets(app.config));
  },
  { name: 'secrets', dependencies: ['config'] },
);
