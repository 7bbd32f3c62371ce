import { CHUNK_LOAD_TIMEOUT_MS } from '@app/contract/constants';
import i18n from 'i18next';
import { type ComponentType, createElement, type FunctionComponent, use } from 'react';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly chunkId: string) {
    super(`Loading chunk ${chunkId} failed`);
  }
}

/**
 * Loads a screen's code, and the translation namespaces its screen reads (loaded alongside, so
 * the screen does not suspend on them once it renders). A chunk that fails, or does not arrive
 * within the spec's 120 s, becomes a ChunkLoadError, which the error screen explains.
 */
export async function loadScreen<M>(
  chunkId: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: string[] = [],
): Promise<ComponentType> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunkId)), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    const [module] = await Promise.race([
      Promise.all([load(), namespaces.length > 0 ? i18n.loadNamespaces(namespaces) : undefined]),
      timeout,
    ]);
    return pick(module);
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(chunkId);
  } finally {
    clearTimeout(timer);
  }
}

/** A screen whose code loads on first render, or ahead of it with `preload()`. */
export type LazyScreen = FunctionComponent & {
  preload(): Promise<ComponentType>;
  /** Whether a render now would draw the screen (or its error) rather than suspend. */
  settled(): boolean;
};

// Failed loads, kept until the error screen has shown them: a render in between must meet the
// same failure rather than start the 120 s wait again.
const failed = new Set<() => void>();

/** Lets the next navigation to a screen whose load failed try again (the error screen is up). */
export function retryFailedScreens(): void {
  for (const forget of failed) forget();
  failed.clear();
}

/**
 * What the data router's `lazy` routes were, for the declarative router: the router loads the
 * screens of a location before it shows it (router.tsx), so a screen renders synchronously; a
 * load that failed is thrown to the error screen (route-error.tsx) as a ChunkLoadError. Rendered
 * before anything loaded it, the screen suspends until it has.
 */
export function lazyScreen<M>(
  chunkId: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: string[] = [],
): LazyScreen {
  let loaded: ComponentType | undefined;
  let failure: unknown;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= loadScreen(chunkId, load, pick, namespaces).then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        failure = error;
        failed.add(() => {
          failure = undefined;
          pending = undefined;
        });
        throw error;
      },
    );
    return pending;
  };
  function Screen(props: object) {
    if (failure !== undefined) throw failure;
    return createElement(loaded ?? use(preload()), props);
  }
  Screen.displayName = `Lazy(${chunkId})`;
  return Object.assign(Screen, { preload, settled: () => loaded !== undefined || failure !== undefined });
}
