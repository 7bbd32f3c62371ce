import { CHUNK_LOAD_TIMEOUT_MS } from '@app/contract/constants';
import i18n from 'i18next';
import type { ComponentType } from 'react';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly chunkId: string) {
    super(`Loading chunk ${chunkId} failed`);
  }
}

/**
 * Loads a route's code, and the translation namespaces its screen reads (loaded alongside, so
 * the screen does not suspend on them once it renders). A chunk that fails, or does not arrive
 * within the spec's 120 s, becomes a ChunkLoadError, which the route's error screen explains.
 */
export function lazyRoute<M>(
  chunkId: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: string[] = [],
) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunkId)), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const [module] = await Promise.race([
        Promise.all([load(), namespaces.length > 0 ? i18n.loadNamespaces(namespaces) : undefined]),
        timeout,
      ]);
      return { Component: pick(module) };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(chunkId);
    } finally {
      clearTimeout(timer);
    }
  };
}
