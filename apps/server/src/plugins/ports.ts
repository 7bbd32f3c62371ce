import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError } from '../config';
import type { BuiltPort, PortName } from '../providers/port';

export interface PortRegistry {
  add(built: BuiltPort<unknown>): void;
  /** The outside services answered by a local stand-in, from the adapters actually built. */
  standIns(): PortName[];
  isStandIn(port: PortName): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ports: PortRegistry;
  }
}

/**
 * Knows every built port, so the config endpoint, the banner, the dev routes and the
 * start-up check all read one answer. A server whose PUBLIC_URL others can reach refuses
 * to start on stand-ins (design §3) unless ALLOW_STAND_INS=true.
 */
export const portsPlugin = fp(
  async (app: FastifyInstance) => {
    const built: BuiltPort<unknown>[] = [];
    app.decorate('ports', {
      add: (port: BuiltPort<unknown>) => void built.push(port),
      standIns: () => built.filter((port) => port.standIn).map((port) => port.port),
      isStandIn: (name: PortName) => built.some((port) => port.port === name && port.standIn),
    });
    // onReady runs hooks in the order they were added; this one comes before any worker starts.
    app.addHook('onReady', async () => {
      const standIns = built.filter((port) => port.standIn);
      if (standIns.length === 0) return;
      const { config } = app;
      if (!config.publicUrlIsLoopback && !config.allowStandIns) {
        const lines = standIns.map(
          (port) => `  ${port.port}: set ${port.standIn ? port.missing.join(', ') : ''}`,
        );
        throw new ConfigError(
          `Refusing to start: PUBLIC_URL ${config.publicUrl} is not a loopback address, but these services would use their local stand-ins:\n${lines.join('\n')}\nSet those variables, or ALLOW_STAND_INS=true to run a demo on stand-ins.`,
        );
      }
      const names = standIns.map((port) => port.port);
      app.log.info({ standIns: names }, `local stand-ins in use for: ${names.join(', ')} (see /dev/outbox)`);
    });
  },
  { name: 'ports', dependencies: ['config'] },
);
