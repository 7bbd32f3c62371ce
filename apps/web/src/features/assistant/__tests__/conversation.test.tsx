import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { MESSAGES_PAGE } from '../api/list-assistant-messages';
import { ago, message, serveAssistant } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const HOUR = 3_600_000;
const LONG_ANSWER = `Tomorrow: ${Array.from({ length: 12 }, (_, i) => `${9 + (i % 8)}:00 Meeting number ${i + 1}`).join('; ')}. That is everything.`;

/** One text late on 9 March 2025 UTC, which is already 10 March in Sydney; then yesterday and today. */
function conversation() {
  return [
    message('in', 'Any unread mail?', '2025-03-09T14:30:00.000Z'),
    message('out', 'No unread mail.', '2025-03-09T14:30:20.000Z'),
    message('in', "What's on tomorrow?", ago(24 * HOUR + 60_000)),
    message('out', LONG_ANSWER, ago(24 * HOUR)),
    message('out', 'Good morning! Today: 09:00 Stand-up.', ago(60_000), { kind: 'briefing' }),
  ];
}

const dayHeadings = (log: HTMLElement) =>
  within(log)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('the conversation', () => {
  it('reads as a chat grouped by day in the assistant’s zone, newest at the bottom, long answers whole', async () => {
    serveAssistant({ messages: conversation() });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Conversation' });
    const log = await within(card).findByRole('log', { name: 'Conversation with your assistant' });
    expect(dayHeadings(log)).toEqual(['Monday, March 10, 2025', 'Yesterday', 'Today']);
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles.map((li) => li.querySelector('div:not([class*="meta"])')?.textContent)).toEqual([
      'Any unread mail?',
      'No unread mail.',
      "What's on tomorrow?",
      LONG_ANSWER,
      'Good morning! Today: 09:00 Stand-up.',
    ]);
    // Who said it, for screen readers; the kind of a message the assistant started itself.
    expect(bubbles[0]).toHaveTextContent(/^You:/);
    expect(bubbles[1]).toHaveTextContent(/^Assistant:/);
    expect(bubbles[4]).toHaveTextContent('Morning briefing');
    // The time of a text is the assistant's zone's: 14:30 UTC is 1:30 AM in Sydney.
    expect(bubbles[0]).toHaveTextContent('1:30 AM');
    expect(within(log).getByText('This is the start of your conversation.')).toBeInTheDocument();
  });

  it('shows each text as plain text: no link, picture or markup of its own (decision 300)', async () => {
    const bodies = [
      'See ![chart](https://evil.example/c.png?code=1) and [this](https://meet.google.com/abc)',
      '<img src="https://evil.example/p.png?code=1"> <a href="https://evil.example">x</a>',
      'Join https://meet.google.com/abc-defg-hij or **now**',
    ];
    serveAssistant({ messages: bodies.map((body, i) => message('out', body, ago((10 - i) * 60_000))) });
    renderApp('/assistant', { user: {} });
    const log = await screen.findByRole('log', { name: 'Conversation with your assistant' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(log.querySelectorAll('img, a, strong, picture, iframe')).toHaveLength(0);
    expect(within(log).queryByRole('link')).toBeNull();
    for (const body of bodies) expect(within(log).getByText(body)).toBeInTheDocument();
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serveAssistant({ messages: conversation() });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '对话' });
    const log = await within(card).findByRole('log', { name: '与助手的对话' });
    expect(dayHeadings(log)).toEqual(['2025年3月10日星期一', '昨天', '今天']);
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(/^您:/);
    expect(within(log).getAllByRole('listitem')[4]).toHaveTextContent('早间简报');
  });

  it('says which texts were not answered and why (issue 29), in English and Chinese', async () => {
    const messages = [
      message('in', 'hi', ago(3 * HOUR), { unanswered: 'over_limit' }),
      message('out', "You've used this period's allowance. Upgrade to keep going.", ago(3 * HOUR - 1000), {
        kind: 'notice',
      }),
      message('in', 'hello?', ago(2 * HOUR), { unanswered: 'over_limit' }),
      message('in', 'anyone there?', ago(HOUR), { unanswered: 'no_plan' }),
    ];
    serveAssistant({ messages });
    renderApp('/assistant', { user: {} });
    const log = await screen.findByRole('log', { name: 'Conversation with your assistant' });
    const bubbles = await within(log).findAllByRole('listitem');
    expect(bubbles[0]).toHaveTextContent("Not answered: this period's allowance is used up");
    expect(bubbles[1]).not.toHaveTextContent('Not answered');
    expect(bubbles[2]).toHaveTextContent("Not answered: this period's allowance is used up");
    expect(bubbles[3]).toHaveTextContent('Not answered: your plan is not active');

    await i18n.changeLanguage('zh');
    await waitFor(() =>
      expect(
        within(log)
          .getAllByTestId('message-unanswered')
          .map((node) => node.textContent),
      ).toEqual([' · 未回复：本期用量已用完', ' · 未回复：本期用量已用完', ' · 未回复：您的套餐未激活']),
    );
  });

  it('says a reaction that answered no waiting request was not answered (decision 450), in English and Chinese', async () => {
    serveAssistant({
      messages: [
        message('in', 'Liked “Tomorrow: Project review 10:00”', ago(HOUR), { unanswered: 'reaction' }),
      ],
    });
    renderApp('/assistant', { user: {} });
    const log = await screen.findByRole('log', { name: 'Conversation with your assistant' });
    const [bubble] = await within(log).findAllByRole('listitem');
    expect(bubble).toHaveTextContent('Not answered: a reaction that answers no waiting request');
    await i18n.changeLanguage('zh');
    await waitFor(() =>
      expect(within(log).getByTestId('message-unanswered').textContent).toBe(
        ' · 未回复：该回应不针对任何等待中的请求',
      ),
    );
  });

  it('loads earlier messages on request, keeping focus at the top, until the start', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: MESSAGES_PAGE * 2 + 5 }, (_, i) =>
      message(i % 2 ? 'out' : 'in', `Text ${i + 1}`, ago((100 - i) * 60_000)),
    );
    serveAssistant({ messages: many });
    renderApp('/assistant', { user: {} });
    const log = await screen.findByRole('log', { name: 'Conversation with your assistant' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(MESSAGES_PAGE));
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent(`Text ${many.length}`);

    const button = within(log).getByRole('button', { name: 'Load earlier messages' });
    await user.click(button);
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(MESSAGES_PAGE * 2));
    expect(button).toHaveFocus();
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Text 6');

    await user.click(button);
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(many.length));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Text 1');
    // The button is gone with nothing left to load; focus is on the line that replaced it.
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(within(log).getByText('This is the start of your conversation.')).toHaveFocus();
  });

  it('says when there is nothing yet', async () => {
    serveAssistant({ messages: [] });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Conversation' });
    expect(
      await within(card).findByText(
        'No messages yet. When you text your assistant, the conversation shows here.',
      ),
    ).toBeInTheDocument();
  });

  it('a failed load says so and offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const messages = conversation();
    serveAssistant({
      messages,
      answers: {
        '/v1/assistant/messages': () =>
          fail
            ? Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })
            : Response.json({ messages, hasMore: false }),
      },
    });
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(card).findByText('We could not load your conversation.')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No unread mail.')).toBeInTheDocument();
  });
});
