import type { TReminder } from '@app/contract/assistant/reminders';
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

const rent: TReminder = {
  id: 'r-rent',
  kind: 'once',
  what: 'pay rent',
  action: 'text',
  rrule: null,
  next: '2026-11-29T09:00',
  zone: 'Australia/Sydney',
};
const meeting: TReminder = {
  id: 'r-meeting',
  kind: 'routine',
  what: 'tell me my first meeting',
  action: 'agent',
  rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  next: '2026-11-30T08:00',
  zone: 'Australia/Sydney',
};

describe('the Reminders card', () => {
  it('lists each reminder with its next local time, a routine with its rule and that it runs the assistant', async () => {
    serveAssistant({ reminders: [rent, meeting] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Reminders' });
    expect(await within(card).findByText('pay rent')).toBeInTheDocument();
    expect(within(card).getByText('Next: Nov 29, 2026, 9:00 AM (Australia/Sydney)')).toBeInTheDocument();
    expect(within(card).getByText('Every weekday')).toBeInTheDocument();
    expect(within(card).getByText('Runs the assistant')).toBeInTheDocument();
  });

  it('says how to set one when there is none, in Chinese too', async () => {
    serveAssistant();
    await i18n.changeLanguage('zh');
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '提醒' });
    expect(
      await within(card).findByText('还没有提醒。发送“提醒我6点给妈妈打电话”即可设置。'),
    ).toBeInTheDocument();
  });

  it('cancels one, and moves one to a new time, through the API', async () => {
    const user = userEvent.setup();
    let listed = [rent, meeting];
    const api = serveAssistant({
      answers: {
        '/v1/assistant/reminders': () => Response.json({ reminders: listed }),
        '/v1/assistant/reminders/r-rent': (init) => {
          if (init?.method === 'DELETE') {
            listed = listed.filter((r) => r.id !== 'r-rent');
            return Response.json({ reminder: rent });
          }
          const { at } = JSON.parse(String(init?.body));
          const moved = { ...rent, next: at };
          listed = listed.map((r) => (r.id === 'r-rent' ? moved : r));
          return Response.json({ reminder: moved });
        },
      },
    });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Reminders' });
    await within(card).findByText('pay rent');
    const [firstChange] = within(card).getAllByRole('button', { name: 'Change time' });
    await user.click(firstChange!);
    const input = within(card).getByLabelText(/New time/);
    await user.clear(input);
    await user.type(input, '2026-11-29T10:30');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      await within(card).findByText('Next: Nov 29, 2026, 10:30 AM (Australia/Sydney)'),
    ).toBeInTheDocument();
    expect(api.sent('/v1/assistant/reminders/r-rent', 'PATCH')).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Cancel reminder: pay rent' }));
    await waitFor(() => expect(within(card).queryByText('pay rent')).not.toBeInTheDocument());
    expect(api.sent('/v1/assistant/reminders/r-rent', 'DELETE')).toHaveLength(1);
    expect(within(card).getByText('tell me my first meeting')).toBeInTheDocument();
  });
});
