import type { TSchedulingRequest } from '@app/contract/assistant/scheduling';
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

// Sydney (the assistant's zone in the fixtures) is UTC+11 in December: 23:00 UTC is 10:00 the next day.
const SLOTS = [
  { number: 1, start: '2026-11-30T23:00:00.000Z', end: '2026-11-30T23:30:00.000Z', withdrawn: true },
  { number: 2, start: '2026-12-01T03:00:00.000Z', end: '2026-12-01T03:30:00.000Z', withdrawn: false },
  { number: 3, start: '2026-12-02T04:00:00.000Z', end: '2026-12-02T04:30:00.000Z', withdrawn: false },
];
const base = {
  durationMinutes: 30,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  booked: null,
  slots: SLOTS,
};
const WAITING: TSchedulingRequest = {
  ...base,
  id: 'sr-waiting',
  title: 'Planning',
  status: 'asked',
  cancellable: true,
  attendees: [
    { name: 'Priya Natarajan', email: 'priya@example.com', answer: null },
    { name: null, email: 'sam@example.com', answer: { kind: 'declined' } },
  ],
};
const SUGGESTS: TSchedulingRequest = {
  ...base,
  id: 'sr-suggests',
  title: 'Budget review',
  status: 'needs_person',
  cancellable: true,
  attendees: [
    {
      name: 'Priya Natarajan',
      email: 'priya@example.com',
      answer: { kind: 'other_time', when: 'Thursday 3pm' },
    },
  ],
};
const BOOKED: TSchedulingRequest = {
  ...base,
  id: 'sr-booked',
  title: 'Coffee',
  status: 'booked',
  cancellable: false,
  booked: { start: SLOTS[0]!.start, end: SLOTS[0]!.end },
  attendees: [{ name: 'Priya Natarajan', email: 'priya@example.com', answer: { kind: 'picked', slot: 1 } }],
};

describe('the scheduling card', () => {
  it('shows who was asked, their answers, the slots and where each stands, in the assistant’s zone', async () => {
    serveAssistant({ scheduling: [WAITING, SUGGESTS, BOOKED] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Scheduling' });
    expect(await within(card).findByText('Waiting for Priya Natarajan')).toBeInTheDocument();
    expect(within(card).getByText('Priya Natarajan: no answer yet')).toBeInTheDocument();
    expect(within(card).getByText('sam@example.com: declined')).toBeInTheDocument();
    expect(
      within(card).getByText('Priya Natarajan suggests “Thursday 3pm”: answer by text'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Booked: Tue, Dec 1, 10:00 AM')).toBeInTheDocument();
    expect(within(card).getByText('Priya Natarajan: picked time 1')).toBeInTheDocument();
    const slots = within(card).getAllByRole('list', { name: 'Times offered' });
    // The booked one lists no slots; the others list three, the first passed.
    expect(slots).toHaveLength(2);
    expect(
      within(slots[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Tue, Dec 1, 10:00 AMpassed', '2. Tue, Dec 1, 2:00 PM', '3. Wed, Dec 2, 3:00 PM']);
    expect(
      within(card).queryByRole('button', { name: 'Cancel scheduling “Coffee”' }),
    ).not.toBeInTheDocument();
  });

  it('asks before cancelling, then shows it cancelled; Keep leaves it', async () => {
    const api = serveAssistant({ scheduling: [WAITING] });
    const user = userEvent.setup();
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Scheduling' });
    await user.click(await within(card).findByRole('button', { name: 'Cancel scheduling “Planning”' }));
    const confirm = within(card).getByRole('group', { name: 'Confirm cancelling “Planning”' });
    expect(
      within(confirm).getByText('Stop arranging this? Nothing more is sent and nothing is booked.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(api.sent('/v1/assistant/scheduling/sr-waiting/cancel', 'POST')).toHaveLength(0);
    expect(within(card).getByText('Waiting for Priya Natarajan')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel scheduling “Planning”' }));
    await user.click(within(card).getByRole('button', { name: 'Stop arranging' }));
    expect(await within(card).findByText('Cancelled: nothing more is sent')).toBeInTheDocument();
    expect(api.sent('/v1/assistant/scheduling/sr-waiting/cancel', 'POST')).toHaveLength(1);
    // Closed: the offer is over, its slots are no longer listed.
    expect(within(card).queryByRole('list', { name: 'Times offered' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(card).queryByRole('button', { name: 'Cancel scheduling “Planning”' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says how to start one, naming nobody, in Chinese too', async () => {
    serveAssistant();
    await i18n.changeLanguage('zh');
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '约时间' });
    expect(
      await within(card).findByText(
        '没有正在约的会议。发送“下周和[联系人的名字]约30分钟”：助手会提供几个时间，您回复YES后发邮件问对方，对方选定后就预订。',
      ),
    ).toBeInTheDocument();
  });

  it('writes the booked time in Chinese', async () => {
    serveAssistant({ scheduling: [BOOKED] });
    await i18n.changeLanguage('zh');
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '约时间' });
    expect(await within(card).findByText(/^已预订：12月1日周二 10:00$/)).toBeInTheDocument();
  });
});
