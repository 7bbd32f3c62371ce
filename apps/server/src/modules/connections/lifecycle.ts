import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionRow } from './repo';

export type ConnectionListener = (connection: ConnectionRow) => Promise<void>;

/**
 * Who wants to know when a connection is connected (new or repaired) or is about to be removed
 * (issue 31: the change feed subscribes and stops its channels). Modules that connect or remove
 * call it; modules that care register, so neither side imports the other. A listener's failure
 * is logged and never fails the connect or the disconnect: the person's action comes first.
 */
export class ConnectionLifecycle {
  private readonly onConnect: ConnectionListener[] = [];
  private readonly onRemove: ConnectionListener[] = [];

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  onConnected(listener: ConnectionListener): void {
    this.onConnect.push(listener);
  }

  onRemoving(listener: ConnectionListener): void {
    this.onRemove.push(listener);
  }

  connected(connection: ConnectionRow): Promise<void> {
    return this.tell(this.onConnect, connection, 'connected');
  }

  /** Before the row and its tokens are deleted: a listener may still act as the person. */
  removing(connection: ConnectionRow): Promise<void> {
    return this.tell(this.onRemove, connection, 'removing');
  }

  private async tell(listeners: ConnectionListener[], connection: ConnectionRow, what: string) {
    for (const listener of listeners) {
      try {
        await listener(connection);
      } catch (error) {
        this.log.warn({ err: error, connectionId: connection.id }, `a connection ${what} listener failed`);
      }
    }
  }
}
