import type { STAND_IN_SERVICES } from '@app/contract/app/get-app-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An outside service the app talks to through one port (design §3). */
export type PortName = (typeof STAND_IN_SERVICES)[number];

/**
 * What a port's builder made from config: the real adapter, or the local stand-in together
 * with the variables that would switch the real one on (named when start-up refuses).
 */
export type BuiltPort<T> =
  | { port: PortName; adapter: T; standIn: false; vendor: string }
  | { port: PortName; adapter: T; standIn: true; vendor: 'local'; missing: readonly string[] };

/**
 * One plugin per port: builds the adapter from config, decorates the app with it under the
 * port's name, and reports it to the registry. Adding a service is a folder under
 * providers/ and one `register` line in app.ts.
 */
export function portPlugin<K extends PortName & keyof FastifyInstance>(
  name: K,
  build: (app: FastifyInstance) => BuiltPort<FastifyInstance[K]> | Promise<BuiltPort<FastifyInstance[K]>>,
  dependencies: string[] = [],
) {
  return fp(
    async (app: FastifyInstance) => {
      const built = await build(app);
      app.decorate(name as string, built.adapter as unknown);
      app.ports.add(built);
      const adapter = built.adapter as { close?: () => unknown };
      if (typeof adapter.close === 'function')
        app.addHook('onClose', async () => void (await adapter.close?.()));
    },
    { name, dependencies: ['config', 'ports', ...dependencies] },
  );
}
