import { defineTool, type ToolEnv } from './shared';

/** What the assistant remembers about the person, oldest first, with the ids memory_forget takes. */
export const memoryList = (env: ToolEnv) =>
  defineTool(env, 'memory_list', 'Lists what you remember about the person.', async () => {
    const rows = await env.deps.memoryRepo.list(env.ctx.user.id);
    return { memories: rows.map((row) => ({ id: row.id, memory: row.text })) };
  });
