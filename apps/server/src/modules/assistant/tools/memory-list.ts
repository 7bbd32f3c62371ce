import { defineTool, MAX_RESULT_CHARS, type ToolEnv } from './shared';

/** What one listing carries at most: under the tool result's cap, so it is never cut mid-list. */
const LIST_CHARS = MAX_RESULT_CHARS - 500;

/**
 * What the assistant remembers about the person, oldest first, with the ids memory_forget takes:
 * as many as fit whole, and how many there are in all (the Memory card shows every one).
 */
export const memoryList = (env: ToolEnv) =>
  defineTool(env, 'memory_list', 'Lists what you remember about the person.', async () => {
    const rows = await env.deps.memoryRepo.list(env.ctx.user.id);
    const memories: { id: string; memory: string }[] = [];
    let size = 0;
    for (const row of rows) {
      const item = { id: row.id, memory: row.text };
      size += JSON.stringify(item).length + 1;
      if (size > LIST_CHARS) break;
      memories.push(item);
    }
    return { total: rows.length, memories };
  });
