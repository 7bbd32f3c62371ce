import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { errorBody, statusResponse } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

type Answer = (body: Record<string, unknown>) => Response;

function serve({ phone, apple }: { phone?: Answer; apple?: Answer }) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const record = (path: string, answer: Answer | undefined) => (init?: RequestInit) => {
    if (init?.method !== 'POST') return Response.json({ phoneNumber: null, isLinked: false });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ path, body });
    return answer ? answer(body) : Response.json(errorBody('INTERNAL', 'unexpected'), { status: 500 });
  };
  fakeApi({
    '/v1/integrations/status': () => Response.json(statusResponse()),
    '/v1/phone-mapping': record('/v1/phone-mapping', phone),
    '/v1/apple/connect': record('/v1/apple/connect', apple),
  });
  return sent;
}

async function openPhoneModal(user: ReturnType<typeof userEvent.setup>) {
  const link = await screen.findByRole('button', { name: 'Link: Mobile Phone' });
  // Disabled until the current mapping has loaded.
  await waitFor(() => expect(link).toBeEnabled());
  await user.click(link);
  return screen.findByRole('dialog', { name: 'Link your phone number' });
}

describe('phone-link modal', () => {
  it("refuses an empty number with 'Please enter a phone number' and sends nothing", async () => {
    const sent = serve({});
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openPhoneModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Link number' }));
    expect(within(dialog).getByText('Please enter a phone number')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('has a country select, and links a number the server accepts at once, with the spec toast', async () => {
    const sent = serve({
      phone: (body) =>
        Response.json({
          phoneNumber: body.phoneNumber,
          isLinked: true,
          verificationRequired: false,
          message: 'ok',
        }),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openPhoneModal(user);
    await user.click(within(dialog).getByRole('button', { name: /Country: United States \(\+1\)/ }));
    // The popover's code loads on first use; its search box takes the focus when it opens.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search countries' })).toHaveFocus());
    await user.keyboard('Australia{Enter}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '0412 345 678');
    await user.click(within(dialog).getByRole('button', { name: 'Link number' }));
    expect(await screen.findByText('Done! Start chating with our AI agent.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/v1/phone-mapping', body: { phoneNumber: '+61412345678' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('+61 412 345 678')).toBeInTheDocument();
  });

  it('asks for the texted code when the server answers verificationRequired, then links with it', async () => {
    const sent = serve({
      phone: (body) =>
        body.code
          ? Response.json({
              phoneNumber: body.phoneNumber,
              isLinked: true,
              verificationRequired: false,
              message: 'ok',
            })
          : Response.json({
              phoneNumber: null,
              isLinked: false,
              verificationRequired: true,
              message: 'We texted a code to +1 415 555 2671. Enter it to link this number.',
            }),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openPhoneModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '4155552671');
    await user.click(within(dialog).getByRole('button', { name: 'Link number' }));
    const code = await within(dialog).findByRole('textbox', { name: 'Code from the text message' });
    expect(
      within(dialog).getByText('We texted a code to +1 415 555 2671. Enter it to link this number.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verify and link' }));
    expect(within(dialog).getByText('Please enter the 5-digit code')).toBeInTheDocument();
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and link' }));
    expect(await screen.findByText('Done! Start chating with our AI agent.')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([
      { phoneNumber: '+14155552671' },
      { phoneNumber: '+14155552671', code: '12345' },
    ]);
  });

  it("shows the spec's failure text when linking fails, and stays open", async () => {
    serve({
      phone: () =>
        Response.json(
          errorBody(
            'NOT_CONNECTED',
            'Failed to link phone number. Make sure you have connected Google or Microsoft first.',
          ),
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openPhoneModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '4155552671');
    await user.click(within(dialog).getByRole('button', { name: 'Link number' }));
    expect(
      await within(dialog).findByText(
        'Failed to link phone number. Make sure you have connected Google or Microsoft first.',
      ),
    ).toBeInTheDocument();
  });

  it('falls back to the same text when the server gives no usable answer', async () => {
    serve({ phone: () => new Response('bad gateway', { status: 502 }) });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openPhoneModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '4155552671');
    await user.click(within(dialog).getByRole('button', { name: 'Link number' }));
    expect(
      await within(dialog).findByText(
        'Failed to link phone number. Make sure you have connected Google or Microsoft first.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Apple credentials modal', () => {
  async function openAppleModal(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Connect Apple iCloud' }));
    return screen.findByRole('dialog', { name: 'Connect Apple iCloud' });
  }

  it('requires both fields, and links to the guide', async () => {
    const sent = serve({});
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openAppleModal(user);
    expect(
      within(dialog).getByRole('link', { name: /How to create an app-specific password/ }),
    ).toHaveAttribute('href', '/apple-integration-guide');
    await user.type(within(dialog).getByRole('textbox', { name: /Apple ID/ }), 'ada@icloud.com');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      within(dialog).getByText('Please enter both Apple ID and App-Specific Password.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's app-specific-password hint when iCloud refuses the password", async () => {
    const hint =
      'Failed to connect Apple iCloud. Please check your credentials. Use an app-specific password created at appleid.apple.com, not your Apple ID password.';
    // iCloud's 401 reaches the page as the server's refusal with the catalogue's hint, never as
    // a 401 of ours (that would sign the person out).
    const sent = serve({ apple: () => Response.json(errorBody('APPLE_AUTH_FAILED', hint), { status: 400 }) });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openAppleModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Apple ID/ }), 'ada@icloud.com');
    await user.type(within(dialog).getByLabelText(/App-Specific Password/), 'my-apple-id-password');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(hint);
    expect(sent).toEqual([
      { path: '/v1/apple/connect', body: { appleId: 'ada@icloud.com', appPassword: 'my-apple-id-password' } },
    ]);
  });

  it("says the spec's failure text for success: false or an unreadable answer", async () => {
    serve({ apple: () => Response.json({ success: false }) });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openAppleModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Apple ID/ }), 'ada@icloud.com');
    await user.type(within(dialog).getByLabelText(/App-Specific Password/), 'abcd-efgh-ijkl-mnop');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to connect Apple iCloud. Please check your credentials.',
    );
  });

  it('connects, closes and toasts success', async () => {
    serve({ apple: () => Response.json({ success: true }) });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const dialog = await openAppleModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Apple ID/ }), 'ada@icloud.com');
    await user.type(within(dialog).getByLabelText(/App-Specific Password/), 'abcd-efgh-ijkl-mnop');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Apple iCloud connected successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
