import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { isLoopbackAddress } from './client-address';

/**
 * Makes every route of this plugin scope (a stand-in's dev pages) answer only this machine,
 * unless ALLOW_STAND_INS=true; anyone else gets the 404 of a path that does not exist.
 */
export function answerLoopbackOnly(scope: FastifyInstance): void {
  if (scope.config.allowStandIns) return;
  scope.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.ip)) {
      const path = request.url.split('?')[0] ?? '/';
      throw new AppError('NOT_FOUND', `No route for ${request.method} ${path}`);
    }
  });
}
