import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

let contactAnswer: () => Response;
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  contactAnswer = () => Response.json({ message: 'Thanks, we have it.', id: 'm1' });
  fakeApi({
    '/v1/contact': (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return contactAnswer();
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Subject/ }), 'Billing question');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'high');
  await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Why was I charged twice?');
}

describe('contact screen', () => {
  it('has the spec fields, with priority medium by default', async () => {
    renderApp('/contact', { user: {} });
    expect(await screen.findByRole('textbox', { name: /Subject/ })).toBeRequired();
    const priority = screen.getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveValue('medium');
    expect([...(priority as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Low - General question',
      'Medium - Need assistance',
      'High - Urgent issue',
    ]);
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveAttribute('rows', '6');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('shows field errors beside empty fields and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/contact', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it.each([
    ['a tab', 'Billing\tquestion'],
    ['a C1 control (NEL)', 'Billing\u0085question'],
  ])(
    'refuses a subject with %s beside the field, by the contract rule, and sends nothing',
    async (_, subject) => {
      const user = userEvent.setup();
      renderApp('/contact', { user: {} });
      await user.click(await screen.findByRole('textbox', { name: /Subject/ }));
      await user.paste(subject);
      await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Line one{Enter}Line two');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(
        screen.getByText('Use one line of text, without tabs, line breaks or other control characters.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('textbox', { name: /Message/ })).not.toHaveAttribute('aria-invalid', 'true');
      expect(sent).toEqual([]);
    },
  );

  it("sends, shows the server's message and clears the form back to medium", async () => {
    const user = userEvent.setup();
    renderApp('/contact', { user: {} });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thanks, we have it.')).toBeInTheDocument();
    expect(sent).toEqual([
      { subject: 'Billing question', message: 'Why was I charged twice?', priority: 'high', website: '' },
    ]);
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('medium');
  });

  it("falls back to the spec's failure text and keeps what was typed", async () => {
    contactAnswer = () => new Response('oops', { status: 502 });
    const user = userEvent.setup();
    renderApp('/contact', { user: {} });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText('Failed to send your message. Please try again or email us directly.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('Billing question');
  });

  it("shows the server's own failure message, such as the hourly limit", async () => {
    contactAnswer = () =>
      Response.json(
        { error: { code: 'RATE_LIMITED', message: 'You have sent 5 messages in the last hour.' } },
        { status: 429 },
      );
    const user = userEvent.setup();
    renderApp('/contact', { user: {} });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(screen.getByText('You have sent 5 messages in the last hour.')).toBeInTheDocument(),
    );
  });
});
