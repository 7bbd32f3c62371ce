import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { validateCardForm } from '../components/card-form-modal';
import { billingInfo } from './billing-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const mutableEnv = env as { billingCardForm: boolean };
let calls: ReturnType<typeof fakeApi>;

beforeEach(() => {
  mutableEnv.billingCardForm = true;
  calls = fakeApi({ '/v1/billing/info': () => Response.json(billingInfo('active')) });
});
afterEach(() => {
  mutableEnv.billingCardForm = false;
  vi.unstubAllGlobals();
});

async function openForm() {
  const user = userEvent.setup();
  renderApp('/billing', { user: {} });
  const card = await screen.findByRole('region', { name: 'Current Plan' }, { timeout: 10_000 });
  await user.click(within(card).getByRole('button', { name: 'Update payment method' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update payment method' }, { timeout: 5000 });
  return { user, dialog };
}

const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  line1: '1 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
};

describe('in-page card form (spec §5)', () => {
  it('opens from "Update payment method" in card-form mode, with the country set to US', async () => {
    const { dialog } = await openForm();
    for (const label of ['Name on card', 'Email', 'Address', 'City', 'State', 'ZIP']) {
      expect(within(dialog).getByRole('textbox', { name: label })).toBeRequired();
    }
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    expect(calls.filter((c) => c.path === '/v1/billing/update-payment-method')).toEqual([]);
  });

  it('without a publishable key says card payments are not configured', async () => {
    const { dialog } = await openForm();
    expect(within(dialog).getByText(/Card payments are not configured/)).toBeInTheDocument();
  });

  it('marks every empty field and sends nothing', async () => {
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    for (const text of [
      'Please enter the name on the card',
      'Please enter a valid email address',
      'Please enter the address',
      'Please enter the city',
      'Please enter the state',
      'Please enter the ZIP code',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.path.startsWith('/v1/payments'))).toBe(false);
  });

  it('refuses an email that is not in email format', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name on card' }), VALID.name);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter the name on the card')).not.toBeInTheDocument();
  });

  it('a complete form without a card provider says so instead of sending', async () => {
    const { user, dialog } = await openForm();
    const fields: [string, string][] = [
      ['Name on card', VALID.name],
      ['Email', VALID.email],
      ['Address', VALID.line1],
      ['City', VALID.city],
      ['State', VALID.state],
      ['ZIP', VALID.zip],
    ];
    // Typed in one go: what is tested is the submit, not the keystrokes.
    for (const [label, value] of fields) {
      fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/not configured/));
    expect(calls.some((c) => c.path.startsWith('/v1/payments'))).toBe(false);
  });
});

describe('card form rules', () => {
  it('accepts a complete form', () => {
    expect(validateCardForm(VALID)).toEqual({});
  });

  it.each(['name', 'line1', 'city', 'state', 'zip'] as const)(
    'requires %s (blank spaces do not count)',
    (field) => {
      expect(validateCardForm({ ...VALID, [field]: '   ' })).toEqual({ [field]: true });
    },
  );

  it.each(['ada', 'ada@', '@example.com', 'ada example.com'])('refuses the email %s', (email) => {
    expect(validateCardForm({ ...VALID, email })).toEqual({ email: true });
  });

  it('requires a country', () => {
    expect(validateCardForm({ ...VALID, country: '' })).toEqual({ country: true });
  });
});
