import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 20_000 });
// The first render loads the page's code; on a busy machine that takes more than a second.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => {
  fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: /^Country: / }));
  // The popover's code loads on first use; its search box takes the focus when it opens.
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search countries' })).toHaveFocus());
  await user.keyboard(`${name}{Enter}`);
  await waitFor(() =>
    expect(screen.getByRole('button', { name: new RegExp(`^Country: ${name}`) })).toBeVisible(),
  );
}

describe('the phone field stops at the country maximum (spec §5, issue 19, 2.4)', () => {
  it('takes no eleventh digit for a US number, and an eleventh only after the trunk 1', async () => {
    const user = userEvent.setup();
    renderApp(paths.login);
    const input = await screen.findByLabelText('Mobile number');
    await user.type(input, '41555526719');
    await waitFor(() => expect(input).toHaveValue('(415) 555-2671'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.clear(input);
    await user.type(input, '1415555267199');
    expect(input).toHaveValue('1 (415) 555-2671');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it.each([
    ['Australia', '04123456789012', '0412 345 678'],
    ['Australia', '4123456789012', '412 345 678'],
    ['Germany', '0151234567890123', '01512 3456789'],
  ])('%s: typing %s keeps %s, a number it can send', async (country, typed, shown) => {
    const user = userEvent.setup();
    renderApp(paths.login);
    const input = await screen.findByLabelText('Mobile number');
    await chooseCountry(user, country);
    await user.type(input, typed);
    await waitFor(() => expect(input).toHaveValue(shown));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
  });
});
