import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A webhook body is read as text, whatever its type, and no larger than this. */
const HOOK_BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** A webhook's body as it arrived (routes under /v1/hooks/ only): verified before it is parsed. */
    rawBody: string;
  }
}

/**
 * One provider's webhook under `/v1/hooks/` (issue 31): its own scope where every body arrives as
 * text (an empty handshake body, a JSON notification, a Pub/Sub push alike), at most 1 MB. The
 * handler verifies, stores a job and answers 2xx at once; the sync runs from the job queue.
 */
export async function registerHook(
  app: FastifyInstance,
  hook: { path: string; handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT },
      (request, body, done) => {
        request.rawBody = String(body);
        done(null, body);
      },
    );
    // Not a call of the contract (a provider's format, verified by the handler): out of the docs.
    // Providers post in bursts (a calendar's whole day moved): a limit per address, not per person.
    const options = { schema: { hide: true }, config: { rateLimit: { max: 600, timeWindow: 60_000 } } };
    scope.post(`/${hook.path}`, options, async (request, reply) => {
      request.rawBody ??= '';
      return hook.handler(request, reply);
    });
  });
}
