import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPROVAL_TOOLS, TOOL_NAMES } from '@app/contract/assistant/tools';
import { describe, expect, it } from 'vitest';
import { asksApproval, requestApproval } from '../src/modules/assistant/tools/approval-step';
import type { ToolEnv } from '../src/modules/assistant/tools/shared';

const toolsDir = fileURLToPath(new URL('../src/modules/assistant/tools', import.meta.url));

/** The tool files, by the tool name each defines (`defineTool(env, 'name', ...)`). */
function toolFiles(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(toolsDir)) {
    const source = readFileSync(join(toolsDir, file), 'utf8');
    const name = /defineTool\(\s*env,\s*'([a-z_]+)'/.exec(source)?.[1];
    if (name) found.set(name, source);
  }
  return found;
}

describe('APPROVAL_TOOLS decides which tools ask', () => {
  it('has one file per tool under tools/', () => {
    expect([...toolFiles().keys()].sort()).toEqual([...TOOL_NAMES].sort());
  });

  it('agrees with the tools: exactly the tools in the list reach the approval step', () => {
    const asking = [...toolFiles()]
      .filter(([, source]) => source.includes('requestApproval('))
      .map(([name]) => name);
    expect(asking.sort()).toEqual([...APPROVAL_TOOLS].sort());
    for (const name of TOOL_NAMES) expect(asksApproval(name)).toBe(APPROVAL_TOOLS.includes(name));
  });

  it('refuses to store an approval for a tool outside the list', async () => {
    const inserted: unknown[] = [];
    const env = {
      deps: { assistantRepo: { insertApproval: async (row: unknown) => inserted.push(row) } },
      ctx: { approval: null, language: 'en' },
    } as unknown as ToolEnv;
    await expect(
      requestApproval(
        env,
        'mail_draft',
        { kind: 'delete_event', connectionId: 'c', eventId: 'e' },
        {
          title: 'x',
          when: null,
          recipients: [],
          lines: [],
          body: null,
        },
      ),
    ).rejects.toThrow(/not an approval tool/);
    expect(inserted).toEqual([]);
    expect(env.ctx.approval).toBeNull();
  });
});
