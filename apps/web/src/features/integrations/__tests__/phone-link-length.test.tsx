import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { statusResponse } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(() => vi.unstubAllGlobals());

describe('phone-link modal (spec §5, issue 19, 2.4)', () => {
  it('stops at the country maximum: an eleventh digit of a US number is not taken', async () => {
    fakeApi({
      '/v1/integrations/status': () => Response.json(statusResponse()),
      '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const link = await screen.findByRole('button', { name: 'Link: Mobile Phone' });
    await waitFor(() => expect(link).toBeEnabled());
    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Link your phone number' });
    const input = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await user.type(input, '415555267199');
    expect(input).toHaveValue('(415) 555-2671');
  });
});
