import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { MESSAGES_POLL_MS } from '../api/list-assistant-messages';
import { approvalFixture, serveAssistant } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(async () => {
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('waiting for you', () => {
  it('shows the whole preview and what it is about, first on the page', async () => {
    serveAssistant({ approvals: [approvalFixture({ flagged: ['x@evil.example'] })] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(screen.getAllByRole('region')[0]).toBe(card);
    expect(await within(card).findByText('1 waiting')).toBeInTheDocument();
    expect(within(card).getByText('Lunch with Sam')).toBeInTheDocument();
    // Whole, its line breaks kept.
    const preview = within(card).getByText(/^Create "Lunch with Sam"/);
    expect(preview.textContent).toBe(approvalFixture().preview);
    expect(within(card).getByText('New event')).toBeInTheDocument();
    // 01:00 UTC on 28 Nov is noon in Sydney, the assistant's zone.
    expect(within(card).getByText('When: Nov 28, 2026, 12:00 PM')).toBeInTheDocument();
    expect(within(card).getByText('Calendar: Work (ada@example.com)')).toBeInTheDocument();
    expect(within(card).getByText('With: sam@example.com')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'New to you (not in your contacts or mail you sent): x@evil.example. Check before you approve.',
      ),
    ).toBeInTheDocument();
  });

  it('shows everything that leaves: the whole body, each change old -> new, where, in en and zh', async () => {
    const body = `Hi Sam,\n\nThe code is 482913.${' More words.'.repeat(60)}\nThe end of it.`;
    serveAssistant({
      approvals: [
        approvalFixture({
          id: 'a-mail',
          kind: 'send_mail',
          title: 'Code',
          recipients: ['sam@example.com', 'x@evil.example'],
          flagged: ['x@evil.example'],
          body,
          when: null,
          calendar: null,
          textApprovable: false,
          preview: 'Email sam@example.com, x@evil.example\nSubject: Code',
        }),
        approvalFixture({
          id: 'a-move',
          kind: 'update_event',
          title: 'Budget review',
          recipients: ['ana@example.com'],
          changes: [
            { field: 'title', from: 'Budget review', to: 'Budget review: salary 185k' },
            { field: 'place', from: null, to: 'Pier 9' },
          ],
          preview: 'Change an event; the update goes to ana@example.com',
        }),
        approvalFixture({ id: 'a-new', place: 'Harbour Cafe' }),
      ],
    });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(card).findByText('3 waiting')).toBeInTheDocument();
    // The whole body, its line breaks kept, its end too.
    const whole = within(card).getByText(/^Hi Sam,/);
    expect(whole.textContent).toBe(body);
    expect(within(card).getByText('The whole message')).toBeInTheDocument();
    expect(within(card).getByText('To: sam@example.com, x@evil.example')).toBeInTheDocument();
    expect(
      within(card).getByText('Too long for a text: this one can be approved only here.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('What changes')).toBeInTheDocument();
    expect(within(card).getByText('Title: Budget review → Budget review: salary 185k')).toBeInTheDocument();
    expect(within(card).getByText('Place: none → Pier 9')).toBeInTheDocument();
    expect(within(card).getByText('Where: Harbour Cafe')).toBeInTheDocument();

    await i18n.changeLanguage('zh');
    expect(
      await within(card).findByText('标题：Budget review → Budget review: salary 185k'),
    ).toBeInTheDocument();
    expect(within(card).getByText('地点：无 → Pier 9')).toBeInTheDocument();
    expect(within(card).getByText('邮件全文')).toBeInTheDocument();
    expect(within(card).getByText('内容太长，短信放不下：此请求只能在这里同意。')).toBeInTheDocument();
  });

  it('approve: the call, the server’s words, and the event moves to What it did', async () => {
    const user = userEvent.setup();
    const { sent } = serveAssistant({ approvals: [approvalFixture()] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Waiting for you' });
    const did = screen.getByRole('region', { name: 'What it did' });
    expect(
      await within(did).findByText(
        'Nothing yet. Events it creates and mail it sends after your yes show here.',
      ),
    ).toBeInTheDocument();

    await user.click(await within(card).findByRole('button', { name: 'Approve: Lunch with Sam' }));
    expect(await screen.findByText('Done: Lunch with Sam is in your calendar.')).toBeInTheDocument();
    expect(sent('/v1/assistant/approvals/a-lunch/approve', 'POST')).toHaveLength(1);
    expect(await within(card).findByText('Nothing is waiting for your yes.')).toBeInTheDocument();
    const row = await within(did).findByRole('listitem');
    expect(row).toHaveTextContent('Lunch with Sam');
    expect(row).toHaveTextContent('Done');
    expect(row).toHaveTextContent('Calendar: Work (ada@example.com)');
    expect(row).toHaveTextContent('Approved on the web');
  });

  it('decline: nothing is done, and the request leaves the list', async () => {
    const user = userEvent.setup();
    const { sent } = serveAssistant({ approvals: [approvalFixture()] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Waiting for you' });
    await user.click(await within(card).findByRole('button', { name: 'Decline: Lunch with Sam' }));
    expect(await screen.findByText('OK, I did nothing.')).toBeInTheDocument();
    expect(sent('/v1/assistant/approvals/a-lunch/decline', 'POST')).toHaveLength(1);
    expect(await within(card).findByText('Nothing is waiting for your yes.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What it did' })).queryByRole('listitem')).toBeNull();
  });

  it('already answered by text (409 CONFLICT): says so, and the list is read again', async () => {
    const user = userEvent.setup();
    const server = serveAssistant({ approvals: [approvalFixture()] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Waiting for you' });
    const approve = await within(card).findByRole('button', { name: 'Approve: Lunch with Sam' });
    // The person's YES by text arrives first.
    server.answerByText('a-lunch');
    await user.click(approve);
    expect(
      await screen.findByText(
        'This was already answered, by text or on another screen. The list is up to date.',
      ),
    ).toBeInTheDocument();
    expect(await within(card).findByText('Nothing is waiting for your yes.')).toBeInTheDocument();
    await waitFor(() => expect(server.sent('/v1/assistant/approvals').length).toBeGreaterThanOrEqual(2));
  });

  it('a YES by text while the screen is open: the request leaves the list and shows in What it did', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = serveAssistant({ approvals: [approvalFixture()] });
      renderApp('/assistant', { user: {} });
      const card = await screen.findByRole('region', { name: 'Waiting for you' });
      await within(card).findByRole('button', { name: 'Approve: Lunch with Sam' });
      const did = screen.getByRole('region', { name: 'What it did' });
      await within(did).findByText(/^Nothing yet\./);
      server.answerByText('a-lunch');
      await vi.advanceTimersByTimeAsync(MESSAGES_POLL_MS);
      expect(await within(card).findByText('Nothing is waiting for your yes.')).toBeInTheDocument();
      const row = await within(did).findByRole('listitem');
      expect(row).toHaveTextContent('Lunch with Sam');
      expect(row).toHaveTextContent('Approved by text');
    } finally {
      vi.useRealTimers();
    }
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serveAssistant({ approvals: [approvalFixture()] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '等您确认' });
    expect(await within(card).findByRole('button', { name: '同意：Lunch with Sam' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '拒绝：Lunch with Sam' })).toBeInTheDocument();
    expect(within(card).getByText('1 项待确认')).toBeInTheDocument();
  });
});

describe('what it did', () => {
  it('lists actions newest first with status, reason and how each was approved, and shows more on request', async () => {
    const user = userEvent.setup();
    const actions = [
      approvalFixture({
        id: 'a-mail',
        kind: 'send_mail',
        title: 'Running late',
        recipients: ['boss@example.com'],
        when: null,
        calendar: null,
        status: 'failed',
        error: 'Gmail refused the message.',
        decidedVia: 'sms',
        decidedAt: '2026-11-26T22:15:00.000Z',
      }),
      ...Array.from({ length: 11 }, (_, i) =>
        approvalFixture({
          id: `a-${i}`,
          title: `Event ${i + 1}`,
          status: 'done',
          decidedVia: 'web',
          decidedAt: '2026-11-20T01:00:00.000Z',
        }),
      ),
    ];
    serveAssistant({ actions });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'What it did' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(10));
    const first = within(card).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Running late');
    expect(first).toHaveTextContent('Failed');
    expect(first).toHaveTextContent('Email');
    expect(first).toHaveTextContent('To: boss@example.com');
    expect(first).toHaveTextContent('Why: Gmail refused the message.');
    // 22:15 UTC on 26 Nov is 9:15 AM on 27 Nov in Sydney.
    expect(first).toHaveTextContent('Nov 27, 2026, 9:15 AM · Approved by text');
    await user.click(within(card).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(12));
    expect(within(card).queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
