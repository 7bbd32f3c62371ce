import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { PAGE_GATE_SOURCES } from './page-gates';

/** Hosts of the card provider, the only outside origins the pages may use. */
const PAYMENT_HOSTS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Helmet's settings: a CSP that allows only ourselves and the payment provider. */
export function helmetOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The pages' two inline gates (signed in or not, decided before the first paint), by hash.
        scriptSrc: ["'self'", ...PAGE_GATE_SOURCES, ...PAYMENT_HOSTS.script],
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
        ...(publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Needed so the card provider's iframe and hosted pages work.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet with a CSP that allows only ourselves and the payment provider, and
 * `Cache-Control: no-store` on every API answer (success or error): they carry personal
 * data that no browser or proxy cache should keep.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // Helmet's headers are the same for every response (no nonces, no per-request directives):
    // they are taken from helmet once, and each response gets the same names and values in the
    // same order. (The @fastify/helmet plugin built helmet again for every request, parsing the
    // whole policy each time: a sixth of what a /healthz cost; and the built middleware still
    // wrote the policy's text again for every response; bench/README.md.)
    const headers = headersOf(helmet(helmetOptions(app.config.publicUrl)));
    app.addHook('onRequest', (request, reply, done) => {
      if (isBuiltAsset(request.url)) {
        // A built script or stylesheet is not a document: a policy, frame or referrer header on
        // it does nothing, and over HTTP/1.1 those 1.2 KB went out again with each of a page's
        // dozens of files. What does apply to a subresource stays.
        reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
        reply.raw.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        return done();
      }
      // On the raw response, as helmet does, so replies written around Fastify (the local
      // sign-in stand-in's pages) carry them too.
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!isBuiltAsset(request.url)) {
        reply.header('x-request-id', request.id);
        if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware sets on a response, in order, read by running it once against a
 * stand-in response. (Helmet also removes X-Powered-By, which nothing here ever sets.)
 */
export function headersOf(middleware: Middleware): [string, string][] {
  const headers: [string, string][] = [];
  let failure: unknown;
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return res;
    },
    removeHeader() {},
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** The web build's hashed files (`/assets/…`), served as they are for a year. */
function isBuiltAsset(url: string): boolean {
  return url.startsWith('/assets/');
}
