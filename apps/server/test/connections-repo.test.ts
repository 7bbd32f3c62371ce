import { describe, expect, it } from 'vitest';
import type { ConnectionRow } from '../src/modules/connections/repo';
import { useApp } from './helpers/build';

describe('connections and their switches in one read (integrations/status)', () => {
  const ctx = useApp();
  const at = '2026-01-01T00:00:00.000Z';

  async function seed(userId: string) {
    const db = ctx.app.db;
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.com`,
        name: userId,
        provider: 'phone',
        phone_number: null,
        language: 'en',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const connection = (
      id: string,
      provider: ConnectionRow['provider'],
      status: ConnectionRow['status'],
    ) => ({
      id,
      user_id: userId,
      provider,
      provider_account_id: `${userId}-${id}`,
      email: `${id}@${provider}.example`,
      name: `Name ${id}`,
      granted_scopes: 'openid email',
      access_token: 'sealed-access',
      refresh_token: 'sealed-refresh',
      expires_at: null,
      status,
      status_reason: status === 'needs_reconnect' ? 'revoked' : null,
      created_at: at,
      updated_at: at,
      last_refresh_at: null,
      last_refresh_error_at: null,
      last_refresh_error: null,
      retry_after: null,
      last_used_at: null,
      reconnect_notified_at: null,
      settings: null,
    });
    await db
      .insertInto('connections')
      .values([
        connection(`${userId}-1`, 'google', 'disconnected'),
        connection(`${userId}-2`, 'google', 'connected'),
        connection(`${userId}-3`, 'microsoft', 'needs_reconnect'),
      ])
      .execute();
    const service = (connectionId: string, type: 'email' | 'calendar', on: number) => ({
      connection_id: connectionId,
      service_type: type,
      is_enabled: on,
      permissions: 'read',
      metadata: '{}',
      updated_at: at,
    });
    await db
      .insertInto('connection_services')
      .values([service(`${userId}-2`, 'email', 0), service(`${userId}-2`, 'calendar', 1)])
      .execute();
  }

  it('lists every connection newest first, each once, with only its own switches and no tokens', async () => {
    await seed('repo-a');
    await seed('repo-b');
    const { connections, services } = await ctx.app.connectionsRepo.listSummariesWithServices('repo-a');
    expect(connections.map((c) => [c.id, c.status])).toEqual([
      ['repo-a-3', 'needs_reconnect'],
      ['repo-a-2', 'connected'],
      ['repo-a-1', 'disconnected'],
    ]);
    expect(connections[0]).toEqual({
      id: 'repo-a-3',
      provider: 'microsoft',
      email: 'repo-a-3@microsoft.example',
      name: 'Name repo-a-3',
      granted_scopes: 'openid email',
      status: 'needs_reconnect',
      status_reason: 'revoked',
    });
    expect(services.sort((a, b) => a.service_type.localeCompare(b.service_type))).toEqual([
      { connection_id: 'repo-a-2', service_type: 'calendar', is_enabled: 1, permissions: 'read' },
      { connection_id: 'repo-a-2', service_type: 'email', is_enabled: 0, permissions: 'read' },
    ]);
    expect(await ctx.app.connectionsRepo.listSummariesWithServices('nobody')).toEqual({
      connections: [],
      services: [],
    });
  });
});
