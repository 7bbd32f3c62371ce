import type { TDevPhoneMessage } from '@app/contract/dev/sms-inbound';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { settledCursor } from '../api/get-phone-conversation';

const ADA = { phone: '+61412345678', name: 'Ada Lovelace', language: 'en' as const };
const GRACE = { phone: '+61498765432', name: 'Grace Hopper', language: 'en' as const };

/**
 * The server's side, as the dev routes answer it: the numbers, each phone's texts (ids in time
 * order, `after` for polls), and an inbound route whose answer the assistant writes a moment later.
 */
let conversations: Map<string, TDevPhoneMessage[]>;
let sent: unknown[];
let conversationCalls: URLSearchParams[];
let routesMissing: boolean;
let nextId: number;
/** How the assistant answers a text: with an echo, or not at all (the person is over the limit). */
let answer: 'echo' | 'over_limit';

function text(phone: string, direction: 'in' | 'out', body: string, status: string | null = null, ageMs = 0) {
  nextId += 1;
  const message: TDevPhoneMessage = {
    id: `m${String(nextId).padStart(4, '0')}`,
    direction,
    channel: 'sms',
    body,
    status,
    createdAt: new Date(Date.now() - ageMs).toISOString(),
  };
  conversations.set(phone, [...(conversations.get(phone) ?? []), message]);
  return message;
}

const notFound = () => Response.json({ error: { code: 'NOT_FOUND', message: 'No route' } }, { status: 404 });

beforeEach(() => {
  conversations = new Map();
  sent = [];
  conversationCalls = [];
  routesMissing = false;
  nextId = 0;
  answer = 'echo';
  fakeApi({
    '/v1/dev/sms/numbers': () => (routesMissing ? notFound() : Response.json({ numbers: [GRACE, ADA] })),
    '/v1/dev/sms/inbound': (init) => {
      if (routesMissing) return notFound();
      const body = JSON.parse(String(init?.body)) as { from: string; body: string };
      sent.push(body);
      const stored = text(body.from, 'in', body.body);
      // The assistant answers from its job queue, after the inbound call has returned.
      setTimeout(() => {
        if (answer === 'echo') text(body.from, 'out', `Echo: ${body.body}`, 'sent');
        else stored.unanswered = answer;
      }, 400);
      return Response.json({ messageId: stored.id, duplicate: false });
    },
  });
  // The conversation's answer depends on the query string, which fakeApi does not pass on.
  const answerByPath = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname !== '/v1/dev/sms/conversation') return answerByPath(url, init);
      if (routesMissing) return notFound();
      conversationCalls.push(parsed.searchParams);
      const after = parsed.searchParams.get('after');
      const all = conversations.get(parsed.searchParams.get('phone') ?? '') ?? [];
      return Response.json({ messages: all.filter((message) => !after || message.id > after) });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// jsdom has no font loading API, which the composer's growing textarea listens to.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

/** Picks a linked number once the list has come. */
async function pick(user: ReturnType<typeof userEvent.setup>, phone: string) {
  const select = await screen.findByRole('combobox', { name: /Linked number|已关联的号码/ });
  await waitFor(() => expect(select).toBeEnabled());
  await user.selectOptions(select, phone);
}

describe('the simulated phone', () => {
  it('lists the linked numbers by name and loads the conversation of the one picked', async () => {
    text(ADA.phone, 'in', "What's on tomorrow?", null, 600_000);
    text(ADA.phone, 'out', 'Tomorrow: 9:00 Stand-up', 'sent', 600_000);
    text(GRACE.phone, 'in', 'Any unread mail?');
    const user = userEvent.setup();
    const { router } = renderApp('/dev/phone');

    const select = await screen.findByRole('combobox', { name: 'Linked number' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a number', 'Grace Hopper · +61498765432', 'Ada Lovelace · +61412345678']);
    expect(screen.getByText(/Choose a linked number, or type any number/)).toBeInTheDocument();

    await pick(user, ADA.phone);
    const chat = await screen.findByRole('log', { name: 'Conversation with Ada Lovelace (+61412345678)' });
    expect(await within(chat).findByText('Tomorrow: 9:00 Stand-up')).toBeInTheDocument();
    expect(within(chat).getByText("What's on tomorrow?")).toBeInTheDocument();
    expect(within(chat).queryByText('Any unread mail?')).not.toBeInTheDocument();
    // The person's texts on the right, the assistant's on the left, each with who sent it.
    const [mine, reply] = within(chat).getAllByRole('listitem');
    expect(mine).toHaveAttribute('data-testid', 'phone-message-in');
    expect(mine).toHaveTextContent(/^You:/);
    expect(reply).toHaveAttribute('data-testid', 'phone-message-out');
    expect(reply).toHaveTextContent(/^Assistant:.*Sent$/);
    expect(screen.getByRole('textbox', { name: 'Or any number' })).toHaveValue(ADA.phone);
    await waitFor(() => expect(router.state.location.search).toBe('?phone=%2B61412345678'));
    // Once read, settled texts are not asked for again: the next poll asks only for newer ones.
    await waitFor(() => expect(conversationCalls.at(-1)?.get('after')).toBe('m0002'));
    expect(within(chat).getAllByRole('listitem')).toHaveLength(2);
  });

  it('sends the text, then shows the reply when a poll brings it', async () => {
    const user = userEvent.setup();
    renderApp('/dev/phone');
    await pick(user, ADA.phone);
    expect(await screen.findByText('No texts yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Texts you send here go to the assistant as if from that phone; its replies appear here and in the dev outbox.',
      ),
    ).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Text message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    // Shift+Enter is a new line, not a send.
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(box).toHaveValue('Hello\nthere');
    expect(sent).toEqual([]);
    await user.clear(box);

    await user.click(screen.getByRole('button', { name: "What's on tomorrow?" }));
    expect(box).toHaveValue("What's on tomorrow?");
    expect(send).toBeEnabled();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(sent).toEqual([{ from: ADA.phone, body: "What's on tomorrow?" }]));
    const chat = screen.getByRole('log');
    expect(await within(chat).findByText("What's on tomorrow?")).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(within(chat).getByText('The assistant is replying…')).toBeInTheDocument();

    expect(await within(chat).findByText("Echo: What's on tomorrow?")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(chat).queryByText('The assistant is replying…')).not.toBeInTheDocument(),
    );
    // Texts under a minute old may still change (queued, then sent): each poll reads them again.
    expect(conversationCalls.every((query) => query.get('phone') === ADA.phone && !query.has('after'))).toBe(
      true,
    );
  });

  it('says why a text is not answered, instead of "replying" forever (issue 29)', async () => {
    answer = 'over_limit';
    const user = userEvent.setup();
    renderApp('/dev/phone');
    await pick(user, ADA.phone);
    expect(await screen.findByText('No texts yet')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Are you there?{Enter}');
    const chat = screen.getByRole('log');
    expect(await within(chat).findByText('Are you there?')).toBeInTheDocument();
    expect(within(chat).getByText('The assistant is replying…')).toBeInTheDocument();

    const mine = await within(chat).findByText(/Not answered: the allowance is used up/);
    expect(mine.closest('[data-testid="phone-message-in"]')).not.toBeNull();
    await waitFor(() =>
      expect(within(chat).queryByText('The assistant is replying…')).not.toBeInTheDocument(),
    );
  });

  it('texts from a number typed in, which no account has, and says the answer is the sign-up reply', async () => {
    const user = userEvent.setup();
    renderApp('/dev/phone');
    const typed = await screen.findByRole('textbox', { name: 'Or any number' });
    // A national number is not enough: the assistant needs to know the country.
    await user.type(typed, '0400 111 222');
    await user.tab();
    expect(screen.getByText('An international number, such as +61412345678')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, '+61 400 111 222');
    expect(
      await screen.findByText(
        'This number is not linked to an account, so the assistant answers with how to sign up.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Linked number' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ from: '+61400111222', body: 'hi' }]));
  });

  it('says the page works only with the SMS stand-in when its routes are missing', async () => {
    routesMissing = true;
    renderApp('/dev/phone');
    expect(
      await screen.findByText('The simulated phone works only while SMS is a local stand-in.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Text message' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dev outbox' })).toHaveAttribute('href', '/dev/outbox');
  });

  it('speaks Chinese: labels, examples and the explanation', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    renderApp('/dev/phone');
    expect(await screen.findByRole('heading', { level: 1, name: '模拟手机' })).toBeInTheDocument();
    await pick(user, ADA.phone);
    expect(
      await screen.findByText(
        '在这里发送的短信会像从该手机发出一样交给助手；助手的回复会显示在这里和开发发件箱中。',
      ),
    ).toBeInTheDocument();
    for (const example of ['明天有什么安排', '明天12点和李明吃午饭', '有未读邮件吗', '王芳的电话'])
      expect(screen.getByRole('button', { name: example })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '明天有什么安排' }));
    await user.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(sent).toEqual([{ from: ADA.phone, body: '明天有什么安排' }]));
    expect(await screen.findByText('Echo: 明天有什么安排')).toBeInTheDocument();
  });

  it('links the dev outbox and the simulated phone both ways', async () => {
    fakeApi({ '/v1/dev/outbox': () => Response.json({ messages: [] }) });
    const user = userEvent.setup();
    const { router } = renderApp('/dev/outbox');
    await user.click(
      await screen.findByRole('link', { name: 'Text the assistant from the simulated phone' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dev/phone'));
  });
});

describe('the poll cursor', () => {
  const at = (id: string, ageMs: number, status: string | null = null): TDevPhoneMessage => ({
    id,
    direction: status ? 'out' : 'in',
    channel: 'sms',
    body: id,
    status,
    createdAt: new Date(Date.parse('2026-11-25T10:00:00Z') - ageMs).toISOString(),
  });
  const now = Date.parse('2026-11-25T10:00:00Z');

  it('reads again the texts still queued or under a minute old, and nothing before them', () => {
    expect(settledCursor([], now)).toBeUndefined();
    expect(settledCursor([at('a', 600_000), at('b', 500_000, 'sent')], now)).toBe('b');
    expect(settledCursor([at('a', 600_000), at('b', 500_000, 'queued'), at('c', 400_000)], now)).toBe('a');
    expect(settledCursor([at('a', 600_000), at('b', 5_000)], now)).toBe('a');
    expect(settledCursor([at('a', 5_000), at('b', 1_000)], now)).toBeUndefined();
  });
});

describe('the sample workspace control', () => {
  it('makes Sam reply to the last thread for the linked person, and says what arrived', async () => {
    const changes: unknown[] = [];
    const route = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (new URL(url, 'http://localhost').pathname !== '/v1/dev/sample/change') return route(url, init);
        const body = JSON.parse(String(init?.body)) as { change: { kind: string } };
        changes.push(body);
        if (body.change.kind === 'event')
          return Response.json({ error: { code: 'NOT_FOUND', message: 'No event' } }, { status: 404 });
        return Response.json({ id: 'mail-1', threadId: 't-1', name: 'Sam Okafor', detail: 'Re: Catch up' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/dev/phone');
    await pick(user, ADA.phone);
    const form = await screen.findByRole('form', { name: 'Make the sample workspace move' });
    expect(within(form).getByRole('textbox', { name: 'Contact' })).toHaveValue('Sam');
    await user.click(within(form).getByRole('button', { name: 'Do it' }));
    expect(await within(form).findByText('Mail from Sam Okafor arrived: "Re: Catch up"')).toBeInTheDocument();
    expect(changes).toEqual([{ phone: ADA.phone, change: { kind: 'reply', who: 'Sam' } }]);

    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Sample workspace' }),
      'Cancel the next event',
    );
    expect(within(form).queryByRole('textbox', { name: 'Contact' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Do it' }));
    expect(
      await within(form).findByText('Nothing to change: no such contact, or no event still to come.'),
    ).toBeInTheDocument();
    expect(changes.at(-1)).toEqual({ phone: ADA.phone, change: { kind: 'event', change: 'cancel' } });
  });

  it('is there only once a linked number is chosen', async () => {
    renderApp('/dev/phone');
    await screen.findByRole('combobox', { name: 'Linked number' });
    expect(screen.queryByRole('form', { name: 'Make the sample workspace move' })).not.toBeInTheDocument();
  });
});

describe('the scheduling control', () => {
  it('shows only while a request waits on answers, and makes the sample person pick a slot', async () => {
    const replies: unknown[] = [];
    let open = true;
    const route = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/v1/dev/sample/scheduling-open')
          return Response.json({
            request: open
              ? { id: 'sr-1', title: 'Meeting with Priya', who: 'Priya Natarajan', slots: 3 }
              : null,
          });
        if (path === '/v1/dev/sample/scheduling-reply') {
          replies.push(JSON.parse(String(init?.body)));
          open = false;
          return Response.json({
            requestId: 'sr-1',
            id: 'm-9',
            threadId: 't-1',
            text: 'Option 2 works for me.',
          });
        }
        return route(url, init);
      }),
    );
    const user = userEvent.setup();
    renderApp('/dev/phone');
    await pick(user, ADA.phone);
    const control = await screen.findByRole('region', {
      name: 'A sample person answers your scheduling request',
    });
    expect(within(control).getByText('Priya Natarajan answers “Meeting with Priya”:')).toBeInTheDocument();
    expect(
      within(control)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Picks slot 1', 'Picks slot 2', 'Picks slot 3', 'Proposes another time', 'Declines']);
    await user.click(within(control).getByRole('button', { name: 'Picks slot 2' }));
    expect(await within(control).findByText('Replied: “Option 2 works for me.”')).toBeInTheDocument();
    expect(replies).toEqual([{ phone: ADA.phone, requestId: 'sr-1', answer: { kind: 'pick', slot: 2 } }]);
    // Answered: the request no longer waits, so no more answers are offered.
    await waitFor(() => expect(within(control).queryByRole('button')).not.toBeInTheDocument());
  });

  it('is not there when no request waits', async () => {
    const user = userEvent.setup();
    renderApp('/dev/phone');
    await pick(user, ADA.phone);
    await screen.findByRole('form', { name: 'Make the sample workspace move' });
    expect(
      screen.queryByRole('region', { name: 'A sample person answers your scheduling request' }),
    ).not.toBeInTheDocument();
  });
});
