import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Hosts of the card provider, the only outside origins the pages may use. */
const PAYMENT_HOSTS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * Helmet with a CSP that allows only ourselves and the payment provider, and
 * `Cache-Control: no-store` on every API answer (success or error): they carry personal
 * data that no browser or proxy cache should keep.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // Helmet's middleware is built once: its headers are the same for every response. (The
    // @fastify/helmet plugin built it again on every request, parsing the whole policy each
    // time: a sixth of what a /healthz cost; bench/README.md.)
    const applyHelmet = helmet({
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
          ...(app.config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Needed so the card provider's iframe and hosted pages work.
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (isBuiltAsset(request.url)) {
        // A built script or stylesheet is not a document: a policy, frame or referrer header on
        // it does nothing, and over HTTP/1.1 those 1.2 KB went out again with each of a page's
        // dozens of files. What does apply to a subresource stays.
        reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
        reply.raw.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        return done();
      }
      applyHelmet(request.raw, reply.raw, () => done());
    });
    app.addHook('onSend', async (request, reply) => {
      if (isBuiltAsset(request.url)) return;
      reply.header('x-request-id', request.id);
      if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

export function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** The web build's hashed files (`/assets/…`), served as they are for a year. */
function isBuiltAsset(url: string): boolean {
  return url.startsWith('/assets/');
}
