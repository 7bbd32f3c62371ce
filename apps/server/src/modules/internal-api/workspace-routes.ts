import {
  createDraftRoute,
  createWorkspaceEventRoute,
  deleteWorkspaceEventRoute,
  freeBusyRoute,
  readMailRoute,
  readThreadRoute,
  searchContactsRoute,
  searchMailRoute,
  sendMailRoute,
  updateWorkspaceEventRoute,
  workspaceEventsRoute,
} from '@app/contract/internal/workspace';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';
import { createEvent, deleteEvent, freeBusy, listEvents, updateEvent } from '../workspace/calendar';
import { searchContacts } from '../workspace/contacts';
import { workspaceDeps } from '../workspace/deps';
import { failureOf, workspaceAppError } from '../workspace/http-error';
import { composeMail, readMail, readThread, searchMail } from '../workspace/mail';
import { WorkspaceError } from '../workspace/workspace-error';
import type { InternalAction, LogInternalAccess } from './access-log';

/**
 * The workspace routes of the internal API (issue 20): thin, each one a use case of
 * modules/workspace, its outcome in the access log and its failure turned into HTTP in one place.
 */
export function registerWorkspaceRoutes(app: FastifyInstance, logAccess: LogInternalAccess): void {
  const deps = workspaceDeps(app);
  const logged = async <T>(
    action: InternalAction,
    at: { userId: string; connectionId?: string | undefined },
    work: () => Promise<T>,
  ): Promise<T> => {
    const log = (outcome: string) =>
      logAccess({ action, outcome, userId: at.userId, connectionId: at.connectionId ?? null });
    try {
      const result = await work();
      await log('ok');
      return result;
    } catch (error) {
      await log(error instanceof WorkspaceError ? error.code : 'error');
      throw workspaceAppError(error);
    }
  };
  const optional = (connectionId: string | undefined) => (connectionId ? { connectionId } : {});

  registerRoute(app, workspaceEventsRoute, ({ params, query }) =>
    logged('calendar_list', { userId: params.userId, connectionId: query.connectionId }, async () => {
      const { events, failures } = await listEvents(deps, {
        userId: params.userId,
        from: query.from,
        to: query.to,
        limit: query.limit,
        ...optional(query.connectionId),
      });
      return { events, from: query.from, to: query.to, failures: failures.map(failureOf) };
    }),
  );
  registerRoute(app, freeBusyRoute, ({ params, query }) =>
    logged('calendar_free_busy', { userId: params.userId, connectionId: query.connectionId }, async () => {
      const { busy, failures } = await freeBusy(deps, {
        userId: params.userId,
        from: query.from,
        to: query.to,
        ...optional(query.connectionId),
      });
      return { busy, from: query.from, to: query.to, failures: failures.map(failureOf) };
    }),
  );
  registerRoute(app, createWorkspaceEventRoute, ({ params, body }) =>
    logged('calendar_create', { userId: params.userId, connectionId: body.connectionId }, async () => ({
      event: await createEvent(deps, { userId: params.userId, event: body }),
    })),
  );
  registerRoute(app, updateWorkspaceEventRoute, ({ params, query, body }) =>
    logged('calendar_update', { userId: params.userId, connectionId: query.connectionId }, async () => ({
      event: await updateEvent(deps, {
        userId: params.userId,
        connectionId: query.connectionId,
        eventId: params.eventId,
        patch: body,
      }),
    })),
  );
  registerRoute(app, deleteWorkspaceEventRoute, ({ params, query }) =>
    logged('calendar_delete', { userId: params.userId, connectionId: query.connectionId }, async () => {
      await deleteEvent(deps, {
        userId: params.userId,
        connectionId: query.connectionId,
        eventId: params.eventId,
        sendUpdates: query.sendUpdates,
      });
      return { success: true as const };
    }),
  );
  registerRoute(app, searchMailRoute, ({ params, query }) =>
    logged('mail_search', { userId: params.userId, connectionId: query.connectionId }, async () => {
      const { connectionId, ...search } = query;
      const { messages, failures } = await searchMail(deps, {
        userId: params.userId,
        query: search,
        ...optional(connectionId),
      });
      return { messages, failures: failures.map(failureOf) };
    }),
  );
  registerRoute(app, readMailRoute, ({ params, query }) =>
    logged('mail_read', { userId: params.userId, connectionId: query.connectionId }, async () => ({
      message: await readMail(deps, { ...params, connectionId: query.connectionId }),
    })),
  );
  registerRoute(app, readThreadRoute, ({ params, query }) =>
    logged('mail_thread', { userId: params.userId, connectionId: query.connectionId }, async () => ({
      thread: await readThread(deps, { ...params, connectionId: query.connectionId }),
    })),
  );
  registerRoute(app, createDraftRoute, ({ params, body }) =>
    logged('mail_draft', { userId: params.userId, connectionId: body.connectionId }, async () => ({
      mail: await composeMail(deps, { userId: params.userId, mail: body, mode: 'draft' }),
    })),
  );
  registerRoute(app, sendMailRoute, ({ params, body }) =>
    logged('mail_send', { userId: params.userId, connectionId: body.connectionId }, async () => ({
      mail: await composeMail(deps, { userId: params.userId, mail: body, mode: 'send' }),
    })),
  );
  registerRoute(app, searchContactsRoute, ({ params, query }) =>
    logged('contacts_search', { userId: params.userId, connectionId: query.connectionId }, async () => {
      const { connectionId, ...search } = query;
      const { contacts, failures } = await searchContacts(deps, {
        userId: params.userId,
        query: search,
        ...optional(connectionId),
      });
      return { contacts, failures: failures.map(failureOf) };
    }),
  );
}
