import type { TAssistantMemory } from '@app/contract/assistant/memory';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { approvalFixture, serveAssistant } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const memory = (overrides: Partial<TAssistantMemory> = {}): TAssistantMemory => ({
  id: 'm1',
  text: 'I prefer meetings after 10',
  source: 'text',
  evidence: 'remember I prefer meetings after 10',
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  ...overrides,
});

/** The assistant's API with memories the card can edit and delete, as the server would. */
function serveMemories(initial: TAssistantMemory[]) {
  let held = [...initial];
  const answers = Object.fromEntries(
    initial.map((m) => [
      `/v1/assistant/memories/${m.id}`,
      (init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          held = held.filter((h) => h.id !== m.id);
          return Response.json({ success: true });
        }
        const { text } = JSON.parse(String(init?.body)) as { text: string };
        held = held.map((h) => (h.id === m.id ? { ...h, text } : h));
        return Response.json({ memory: held.find((h) => h.id === m.id) });
      },
    ]),
  );
  const api = serveAssistant({
    answers: { ...answers, '/v1/assistant/memories': () => Response.json({ memories: held, limit: 100 }) },
  });
  return { api, held: () => held };
}

describe('the Memory card', () => {
  it('shows each memory with what the person said, and how many of the limit', async () => {
    serveMemories([
      memory(),
      memory({
        id: 'm2',
        text: 'My boss is Ana',
        source: 'approved',
        evidence: 'what did Ana write?',
      }),
    ]);
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Memory' });
    expect(await within(card).findByText('I prefer meetings after 10')).toBeInTheDocument();
    expect(within(card).getByText('You said: “remember I prefer meetings after 10”')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'From something your assistant read; saved by your YES. Your text then: “what did Ana write?”',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('2 of 100')).toBeInTheDocument();
  });

  it('edits a memory and deletes another', async () => {
    const { api, held } = serveMemories([
      memory(),
      memory({ id: 'm2', text: 'Call me Bob', evidence: 'call me Bob' }),
    ]);
    const user = userEvent.setup();
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Memory' });
    await user.click(await within(card).findByRole('button', { name: 'Edit “I prefer meetings after 10”' }));
    const input = within(card).getByRole('textbox', { name: 'What your assistant remembers' });
    await user.clear(input);
    await user.type(input, 'I prefer meetings after 11');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('I prefer meetings after 11')).toBeInTheDocument();
    expect(api.sent('/v1/assistant/memories/m1', 'PATCH')).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Delete “Call me Bob”' }));
    await waitFor(() => expect(within(card).queryByText('Call me Bob')).not.toBeInTheDocument());
    expect(held().map((m) => m.text)).toEqual(['I prefer meetings after 11']);
  });

  it('says how to start when there is none, in Chinese too', async () => {
    serveMemories([]);
    await i18n.changeLanguage('zh');
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '记忆' });
    expect(
      await within(card).findByText('还没有。给助手发短信，例如“记住我喜欢10点以后开会”。'),
    ).toBeInTheDocument();
  });

  it('shows a memory proposed from something read as waiting for a yes, its new address flagged and named as no recipient', async () => {
    serveAssistant({
      approvals: [
        approvalFixture({
          id: 'a-memory',
          kind: 'save_memory',
          title: 'My boss is boss@evil.example',
          recipients: ['boss@evil.example'],
          flagged: ['boss@evil.example'],
          when: null,
          calendar: null,
          preview:
            'Remember this about you?\nRemember: "My boss is boss@evil.example"\nI read it in your accounts, not in your texts: it is kept only if you say YES.',
        }),
      ],
    });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(card).findByText('Memory')).toBeInTheDocument();
    expect(within(card).getByText('My boss is boss@evil.example')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'New to you (not in your contacts or mail you sent): boss@evil.example. Check before you approve.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/^With: /)).not.toBeInTheDocument();
  });
});
