import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SecretBox } from '../lib/secret-box';
import { loadSecrets, type Secrets } from '../lib/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
    /** Seals and opens secrets at rest (AES-256-GCM with a key id; design §5). */
    secretBox: SecretBox;
  }
}

export const secretsPlugin = fp(
  async (app: FastifyInstance) => {
    const secrets = loadSecrets(app.config);
    app.decorate('secrets', secrets);
    app.decorate('secretBox', new SecretBox(secrets.encryption, secrets.previousEncryption));
  },
  { name: 'secrets', dependencies: ['config'] },
);
