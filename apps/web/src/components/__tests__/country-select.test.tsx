import { DEFAULT_COUNTRY } from '@app/contract/countries';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { CountrySelect } from '../country-select';

initI18n({ lng: 'en' });

describe('country select', () => {
  it('keeps what is typed while the popover loads: the search, and Enter picks the best match', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <CountrySelect value={DEFAULT_COUNTRY} onChange={onChange} />
      </MantineProvider>,
    );
    // The first test of the file: the popover's code is not loaded yet when the typing starts.
    await user.click(screen.getByRole('button', { name: /Country: United States/ }));
    await user.keyboard('japan{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ iso: 'JP' })));
    expect(screen.queryByRole('textbox', { name: 'Search countries' })).toBeNull();
  });

  it('loads the popover on first open, focused on its search, and picks by typing and Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <CountrySelect value={DEFAULT_COUNTRY} onChange={onChange} />
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /Country: United States \(\+1\)/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search countries' })).toHaveFocus());
    await user.keyboard('aus{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ iso: 'AU' }));
  });

  it("says 'No countries found' when nothing matches, moves with the arrow keys, and closes on Escape", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <CountrySelect value={DEFAULT_COUNTRY} onChange={onChange} />
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /Country: United States \(\+1\)/ }));
    const search = await screen.findByRole('textbox', { name: 'Search countries' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('zzz');
    expect(screen.getByText('No countries found')).toBeInTheDocument();
    await user.clear(search);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ iso: 'CA' }));
    await user.click(screen.getByRole('button', { name: /Country: United States/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search countries' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search countries' })).toBeNull());
  });
});
