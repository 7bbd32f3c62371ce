import { notifications } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { serveAssistant, settingsFixture } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(async () => {
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const patches = (server: ReturnType<typeof serveAssistant>) =>
  server.sent('/v1/assistant/settings', 'PATCH').map((call) => JSON.parse(String(call.init?.body)));

/** A time field as a phone's or a desktop's picker sets it: the whole value at once. */
const setTime = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openSettings() {
  const card = await screen.findByRole('region', { name: 'Settings' });
  await within(card).findByRole('switch', { name: /^Pause the assistant/ });
  return card;
}

describe('assistant settings', () => {
  it('shows the three help-text switches off by default and saves the one turned on', async () => {
    const user = userEvent.setup();
    const server = serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    const group = within(card).getByRole('group', { name: 'Texts when something needs you' });
    const replies = within(group).getByRole('switch', { name: "A reply on a thread you're waiting on" });
    const important = within(group).getByRole('switch', { name: 'Mail from someone you said matters' });
    const overlaps = within(group).getByRole('switch', {
      name: 'A new invitation that overlaps an event you accepted',
    });
    for (const one of [replies, important, overlaps]) expect(one).not.toBeChecked();
    await user.click(important);
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches(server)).toEqual([{ helpTexts: { replies: false, important: true, overlaps: false } }]);
  });

  it('asks with the browser’s zone, shows what is stored, and saves only the briefing time that changed', async () => {
    const user = userEvent.setup();
    const server = serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    const save = within(card).getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    expect(within(card).getByRole('switch', { name: /^Morning briefing/ })).toBeChecked();
    const time = within(card).getByLabelText('Briefing time');
    expect(time).toHaveValue('07:30');
    expect(within(card).getByLabelText('Reminders before events')).toHaveValue('15');
    expect(within(card).getByRole('radio', { name: 'English' })).toBeChecked();

    setTime(time, '08:15');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches(server)).toEqual([{ briefingTime: '08:15' }]);
    await waitFor(() => expect(within(card).getByLabelText('Briefing time')).toHaveValue('08:15'));
    expect(within(card).getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('turns things off: no briefing, no reminders, paused, the language of its messages', async () => {
    const user = userEvent.setup();
    const server = serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    await user.click(within(card).getByRole('switch', { name: /^Morning briefing/ }));
    expect(within(card).queryByLabelText('Briefing time')).toBeNull();
    await user.selectOptions(within(card).getByLabelText('Reminders before events'), 'Off');
    await user.click(within(card).getByRole('switch', { name: /^Pause the assistant/ }));
    await user.click(within(card).getByRole('radio', { name: '中文' }));
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches(server)).toEqual([
      { paused: true, language: 'zh', briefingTime: null, reminderLeadMinutes: null },
    ]);
  });

  it('quiet hours must start and end at different times; nothing is sent until they do', async () => {
    const user = userEvent.setup();
    const server = serveAssistant({ settings: settingsFixture({ quietHours: null }) });
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    await user.click(within(card).getByRole('switch', { name: /^Quiet hours/ }));
    const from = within(card).getByLabelText('From');
    const until = within(card).getByLabelText('Until');
    expect(from).toHaveValue('22:00');
    expect(until).toHaveValue('07:00');
    setTime(until, '22:00');
    expect(within(card).getByText('Start and end must be different times')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(until).toHaveFocus();
    expect(patches(server)).toEqual([]);

    setTime(until, '06:30');
    expect(within(card).queryByText('Start and end must be different times')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches(server)).toEqual([{ quietHours: { start: '22:00', end: '06:30' } }]);
  });

  it('a briefing needs a time', async () => {
    const user = userEvent.setup();
    const server = serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    setTime(within(card).getByLabelText('Briefing time'), '');
    expect(within(card).getByText('Enter a time such as 07:30')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(patches(server)).toEqual([]);
  });

  it('a briefing inside the quiet hours would never come: it is refused until moved', async () => {
    const user = userEvent.setup();
    const server = serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    const refusal = 'Inside your quiet hours it would never be sent: pick a time outside them';
    // The fixture's quiet hours are 22:00 to 07:00, past midnight.
    setTime(within(card).getByLabelText('Briefing time'), '06:30');
    expect(within(card).getByText(refusal)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(within(card).getByLabelText('Briefing time')).toHaveFocus();
    expect(patches(server)).toEqual([]);

    setTime(within(card).getByLabelText('Briefing time'), '07:00');
    expect(within(card).queryByText(refusal)).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches(server)).toEqual([{ briefingTime: '07:00' }]);
  });

  it('offers the detected zone when the stored one differs, and saves it', async () => {
    const user = userEvent.setup();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: 'Asia/Shanghai',
    });
    const server = serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    expect(server.sent('/v1/assistant/settings')[0]?.search).toBe('?timeZone=Asia%2FShanghai');
    expect(within(card).getByText('Detected on this device: Asia/Shanghai')).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Australia/Sydney');
    await user.click(within(card).getByRole('button', { name: 'Use Asia/Shanghai' }));
    expect(within(card).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Shanghai');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches(server)).toEqual([{ timeZone: 'Asia/Shanghai' }]);
  });

  it('a failed save says so and keeps the change', async () => {
    const user = userEvent.setup();
    serveAssistant({
      answers: {
        '/v1/assistant/settings': (init) =>
          init?.method === 'PATCH'
            ? Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })
            : Response.json({ settings: settingsFixture(), phone: '+61412345678' }),
      },
    });
    renderApp('/assistant', { user: {} });
    const card = await openSettings();
    setTime(within(card).getByLabelText('Briefing time'), '08:00');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Your settings could not be saved. Please try again.'),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText('Briefing time')).toHaveValue('08:00');
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '设置' });
    expect(await within(card).findByRole('switch', { name: /^暂停助手/ })).toBeInTheDocument();
    expect(within(card).getByLabelText('日程提醒')).toHaveDisplayValue('提前 15 分钟');
    expect(within(card).getByRole('button', { name: '保存设置' })).toBeDisabled();
  });
});
