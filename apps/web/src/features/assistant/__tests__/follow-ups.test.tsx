import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { serveAssistant } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const PRIYA = {
  id: 'f-priya',
  waitingFor: 'Priya Natarajan',
  subject: 'Quick question about the Q3 numbers',
  since: '2026-11-25T00:00:00.000Z',
  // 06:00 UTC on 27 Nov is 17:00 in Sydney, the assistant's zone.
  deadlineAt: '2026-11-27T06:00:00.000Z',
};
const SAM = {
  id: 'f-sam',
  waitingFor: 'Sam Okafor',
  subject: 'Catch up next week?',
  since: '2026-11-25T00:00:00.000Z',
  deadlineAt: null,
};

describe('the follow-ups card', () => {
  it('lists who is expected to answer and when the nudge comes, and cancels one', async () => {
    const api = serveAssistant({ followUps: [PRIYA, SAM] });
    const user = userEvent.setup();
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Follow-ups' });
    expect(
      await within(card).findByText('Priya Natarajan: “Quick question about the Q3 numbers”'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Nudge if no reply by Nov 27, 2026, 5:00 PM')).toBeInTheDocument();
    expect(within(card).getByText('Sam Okafor: “Catch up next week?”')).toBeInTheDocument();
    expect(within(card).getByText('Told when they reply')).toBeInTheDocument();

    await user.click(
      within(card).getByRole('button', {
        name: 'Cancel the follow-up on “Catch up next week?” (Sam Okafor)',
      }),
    );
    await waitFor(() =>
      expect(within(card).queryByText('Sam Okafor: “Catch up next week?”')).not.toBeInTheDocument(),
    );
    expect(api.sent('/v1/assistant/follow-ups/f-sam/cancel', 'POST')).toHaveLength(1);
    expect(
      within(card).getByText('Priya Natarajan: “Quick question about the Q3 numbers”'),
    ).toBeInTheDocument();
  });

  it('says how to set one when there is none, in Chinese too', async () => {
    serveAssistant();
    await i18n.changeLanguage('zh');
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '跟进' });
    expect(
      await within(card).findByText(
        '没有正在等待的跟进。发送“李明回复了告诉我”或“如果王芳周五前没回就提醒我”。',
      ),
    ).toBeInTheDocument();
  });
});
