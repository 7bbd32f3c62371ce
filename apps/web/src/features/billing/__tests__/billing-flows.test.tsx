import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { leaveApp } from '../utils/leave-app';
import { billingInfo, type StateName, subscription } from './billing-fixtures';

vi.mock('../utils/leave-app', () => ({ leaveApp: vi.fn() }));
// Each test renders the app and waits for lazy chunks; the first can take a few seconds.
vi.setConfig({ testTimeout: 30_000 });

type Answers = Parameters<typeof fakeApi>[0];
const fail =
  (status: number, code = 'INTERNAL') =>
  () =>
    Response.json({ error: { code, message: 'diagnostic' } }, { status });

let calls: ReturnType<typeof fakeApi>;
const sent = (path: string) => calls.filter((c) => c.path === path);
const bodyOf = (path: string) => JSON.parse(String(sent(path)[0]?.init?.body));

function open(state: StateName | null, answers: Answers = {}, url = '/billing') {
  calls = fakeApi({
    ...(state ? { '/v1/billing/info': () => Response.json(billingInfo(state)) } : {}),
    ...answers,
  });
  return renderApp(url, { user: {} });
}
const planCard = () => screen.findByRole('region', { name: 'Current Plan' }, { timeout: 10_000 });

beforeEach(() => vi.mocked(leaveApp).mockClear());
afterEach(() => {
  // The toast store outlives a render; left over, earlier toasts would queue later ones.
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('while billing loads', () => {
  it('says so as a status with a name (axe refuses a label on an element without a role)', async () => {
    let answer: (response: Response) => void = () => undefined;
    open(null, { '/v1/billing/info': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByRole('status', { name: 'Billing' }, { timeout: 10_000 })).toBeInTheDocument();
    answer(Response.json(billingInfo('noSubscription')));
    expect(await planCard()).toBeInTheDocument();
  });
});

describe('plan changes (spec §4, §8)', () => {
  it('choosing the trial activates it directly and reloads the data', async () => {
    const user = userEvent.setup();
    open('noSubscription', {
      '/v1/billing/activate-trial': () =>
        Response.json({ success: true, subscription: subscription('trial') }),
    });
    await user.click(within(await planCard()).getByRole('button', { name: 'Start 7-day free trial' }));
    expect(await screen.findByText('Trial plan activated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(sent('/v1/billing/info')).toHaveLength(2));
  });

  it('a failed trial activation says so', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(notifications, 'show');
    open('noSubscription', { '/v1/billing/activate-trial': fail(500) });
    await user.click(within(await planCard()).getByRole('button', { name: 'Start 7-day free trial' }));
    expect(await screen.findByText('Failed to change plan, please try again.')).toBeInTheDocument();
    // Spec §9: failures stay 6000 ms.
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', autoClose: 6000 }));
  });

  it('choosing Starter goes to the checkout address returned', async () => {
    const user = userEvent.setup();
    open('trial', {
      '/v1/billing/create-checkout-session': () => Response.json({ checkoutUrl: 'https://pay.test/cs_1' }),
    });
    await user.click(within(await planCard()).getByRole('button', { name: 'Upgrade to Starter Plan' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://pay.test/cs_1'));
    expect(bodyOf('/v1/billing/create-checkout-session')).toEqual({ planId: 'starter', priceId: null });
  });

  it('a failed checkout says so', async () => {
    const user = userEvent.setup();
    open('trialEnded', { '/v1/billing/create-checkout-session': fail(502, 'PAYMENT_ERROR') });
    await user.click(within(await planCard()).getByRole('button', { name: 'Upgrade to Starter Plan' }));
    expect(await screen.findByText('Failed to create checkout session')).toBeInTheDocument();
    expect(leaveApp).not.toHaveBeenCalled();
  });
});

describe('cancel and reactivate (spec §2, §8)', () => {
  it('cancel asks first; keeping the subscription sends nothing', async () => {
    const user = userEvent.setup();
    open('active');
    await user.click(within(await planCard()).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(sent('/v1/billing/cancel-subscription')).toEqual([]);
  });

  it('confirmed cancel is at period end and says until when access continues', async () => {
    const user = userEvent.setup();
    const after = subscription('activeCancelling');
    open('active', {
      '/v1/billing/cancel-subscription': () => Response.json({ success: true, subscription: after }),
    });
    await user.click(within(await planCard()).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(after.currentPeriodEnd),
    );
    expect(
      await screen.findByText(`Subscription cancelled. Access continues until ${date}`),
    ).toBeInTheDocument();
    expect(bodyOf('/v1/billing/cancel-subscription')).toEqual({ cancelAtPeriodEnd: true });
  });

  it('a failed cancel says so', async () => {
    const user = userEvent.setup();
    open('active', { '/v1/billing/cancel-subscription': fail(500) });
    await user.click(within(await planCard()).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Failed to cancel subscription')).toBeInTheDocument();
  });

  it.each([
    [true, 'Subscription reactivated successfully!'],
    [false, 'Failed to reactivate subscription'],
  ])('reactivate (ok: %s) says "%s"', async (ok, text) => {
    const user = userEvent.setup();
    open('activeCancelling', {
      '/v1/billing/reactivate-subscription': ok
        ? () => Response.json({ success: true, subscription: subscription('active') })
        : fail(500),
    });
    await user.click(within(await planCard()).getByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('usage card (spec §2, §9)', () => {
  it('shows tokens as x.xM against the plan, the percent, integrations and storage', async () => {
    open('active');
    const usage = await screen.findByRole('region', { name: 'Usage' }, { timeout: 10_000 });
    expect(within(usage).getByText('1.3M of 5.0M')).toBeInTheDocument();
    expect(within(usage).getAllByText('25% used').length).toBeGreaterThan(0);
    expect(within(usage).getByText('2 of Unlimited')).toBeInTheDocument();
    expect(within(usage).getByText('3.0 MB')).toBeInTheDocument();
    // 1,500 tokens over the 15 days shown at 0.002 $ each.
    expect(within(usage).getByText('Estimated cost: $3.00')).toBeInTheDocument();
  });

  it('rounds thousands to K on the trial', async () => {
    open('noSubscription');
    const usage = await screen.findByRole('region', { name: 'Usage' }, { timeout: 10_000 });
    expect(within(usage).getByText('16K of 20K')).toBeInTheDocument();
    expect(within(usage).getAllByText('80% used').length).toBeGreaterThan(0);
  });

  it('the period selector regroups the chart', async () => {
    const user = userEvent.setup();
    open('active');
    const usage = await screen.findByRole('region', { name: 'Usage' }, { timeout: 10_000 });
    const points = () =>
      within(usage)
        .getByRole('list', { name: /Tokens used per/ })
        .querySelectorAll('li');
    expect(points()).toHaveLength(15);
    await user.click(within(usage).getByRole('radio', { name: 'Weekly' }));
    expect(points().length).toBeLessThanOrEqual(3);
    expect(points()[0]).toHaveTextContent(/^Week of/);
    await user.click(within(usage).getByRole('radio', { name: 'Monthly' }));
    expect(points().length).toBeLessThanOrEqual(2);
    const total = [...points()].map((li) => li.textContent).join(' ');
    expect(total).toMatch(/Nov 2026: 2K/);
  });
});

describe('invoices (spec §2)', () => {
  it('a download opens the returned address in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    open('active', {
      '/v1/billing/invoices/in_1/download': () =>
        Response.json({ downloadUrl: 'https://files.test/in_1.pdf' }),
    });
    const card = await screen.findByRole('region', { name: 'Invoice History' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Download invoice in_1' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.test/in_1.pdf'));
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('a failed download closes the tab and says so', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    open('active', { '/v1/billing/invoices/in_2/download': fail(404, 'NOT_FOUND') });
    const card = await screen.findByRole('region', { name: 'Invoice History' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Download invoice in_2' }));
    expect(await screen.findByText('Failed to download invoice')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('Download All saves a CSV of the invoices', async () => {
    const user = userEvent.setup();
    let saved: Blob | undefined;
    const downloads: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved = blob;
          return 'blob:invoices';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    open('active');
    const card = await screen.findByRole('region', { name: 'Invoice History' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Download All' }));
    expect(downloads).toEqual(['invoices.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(text).toBe(
      '"Invoice","Date","Description","Amount","Status"\r\n' +
        '"in_1","2026-10-01","Starter Plan","29.00","paid"\r\n' +
        '"in_2","2026-11-01","Starter Plan","29.00","paid"\r\n',
    );
  });

  it('with no invoices Download All is disabled', async () => {
    open('trial');
    const card = await screen.findByRole('region', { name: 'Invoice History' }, { timeout: 10_000 });
    expect(within(card).getByRole('button', { name: 'Download All' })).toBeDisabled();
    expect(within(card).getByText('No invoices yet.')).toBeInTheDocument();
  });
});

describe('return from checkout (spec §4)', () => {
  it('processes the session, resets the address to /billing and reloads the data', async () => {
    const { router } = open(
      'trial',
      {
        '/v1/billing/process-success': () =>
          Response.json({ success: true, subscription: subscription('active') }),
      },
      '/billing?success=true&session_id=cs_test_1',
    );
    await waitFor(() => expect(sent('/v1/billing/process-success')).toHaveLength(1));
    expect(bodyOf('/v1/billing/process-success')).toEqual({ sessionId: 'cs_test_1' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/billing');
    await waitFor(() => expect(sent('/v1/billing/info').length).toBeGreaterThanOrEqual(2));
    await planCard();
    expect(sent('/v1/billing/process-success')).toHaveLength(1);
  });

  it('a failed processing still resets the address and says payment failed', async () => {
    const { router } = open(
      'trial',
      { '/v1/billing/process-success': fail(500) },
      '/billing?success=true&session_id=cs_test_2',
    );
    expect(
      await screen.findByText('Payment failed. Please try again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a declined card at checkout says payment failed, processes nothing and resets the address', async () => {
    const { router } = open('trial', {}, '/billing?canceled=true&payment=declined');
    expect(
      await screen.findByText('Payment failed. Please try again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sent('/v1/billing/process-success')).toEqual([]);
  });

  it('without success=true nothing is processed', async () => {
    open('trial', {}, '/billing?session_id=cs_test_3');
    await planCard();
    expect(sent('/v1/billing/process-success')).toEqual([]);
  });
});

describe('default view when billing info cannot be loaded (spec §4)', () => {
  it('shows an active trial, no card, no invoices and zero usage', async () => {
    open(null, { '/v1/billing/info': fail(503, 'SERVICE_UNAVAILABLE') });
    const card = await planCard();
    expect(within(card).getByText('Trial Free')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('No card on file')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 20K')).toBeInTheDocument();
    expect(screen.getAllByText('0% used').length).toBeGreaterThan(0);
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
    expect(
      screen.getByText('We could not load your billing details, so the defaults are shown.'),
    ).toBeInTheDocument();
    // Spec §9: the fallback period is 30 days.
    const end = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(Date.now() + 30 * 86_400_000),
    );
    expect(within(card).getByText(end)).toBeInTheDocument();
  });
});

describe('update payment method', () => {
  it('without the card form goes to the address returned', async () => {
    const user = userEvent.setup();
    open('active', {
      '/v1/billing/update-payment-method': () => Response.json({ updateUrl: 'https://pay.test/update' }),
    });
    await user.click(within(await planCard()).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://pay.test/update'));
    expect(bodyOf('/v1/billing/update-payment-method')).toEqual({ returnPath: '/billing' });
  });
});

describe('in Chinese', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('reads the badge and buttons in zh', async () => {
    await i18n.changeLanguage('zh');
    open('activeCancelling');
    const card = await screen.findByRole('region', { name: '当前套餐' }, { timeout: 10_000 });
    expect(within(card).getByText(/^已取消 - 有效期至/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '重新激活订阅' })).toBeInTheDocument();
  });
});

describe('invoice rows in the person’s language (issue 29 #15)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('in zh: the plan’s name, the status, the date and the amount in Chinese', async () => {
    await i18n.changeLanguage('zh');
    open('active', {
      '/v1/billing/info': () =>
        Response.json(
          billingInfo('active', {
            invoices: [
              {
                id: 'in_1',
                date: '2026-10-01T00:00:00.000Z',
                description: 'Starter Plan',
                amount: 29,
                status: 'paid',
              },
              {
                id: 'in_2',
                date: '2026-11-01T00:00:00.000Z',
                description: '1 × Starter Plan (at $29.00 / month)',
                amount: 29,
                status: 'open',
              },
              {
                id: 'in_3',
                date: '2026-11-02T00:00:00.000Z',
                description: 'Subscription',
                amount: 0,
                status: 'void',
              },
            ],
          }),
        ),
    });
    const card = await screen.findByRole('region', { name: '账单记录' }, { timeout: 10_000 });
    const rows = within(card)
      .getAllByRole('listitem')
      .filter((row) => row.textContent)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '入门套餐2026年10月1日US$29.00已支付',
      '1 × 入门套餐（每月 $29.00）2026年11月1日US$29.00待支付',
      '订阅2026年11月2日US$0.00已作废',
    ]);
    expect(card.textContent).not.toMatch(/Starter|paid|open|void|Subscription/);
  });

  it('in en: what the provider wrote', async () => {
    open('active');
    const card = await screen.findByRole('region', { name: 'Invoice History' }, { timeout: 10_000 });
    expect(within(card).getAllByText('Starter Plan')).toHaveLength(2);
    expect(within(card).getAllByText('paid')).toHaveLength(2);
  });
});
