import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { showToast } from '@/lib/toast';

initI18n({ lng: 'en' });
afterEach(() => notifications.clean());

describe('toasts (issue 19, 2.6)', () => {
  it('show one at a time: a new one replaces the one still showing instead of stacking', async () => {
    render(
      <AppProvider queryClient={createQueryClient()} env="test">
        <main>screen</main>
      </AppProvider>,
    );
    showToast('red', 'Invalid or expired verification code', 3000);
    expect(await screen.findByText('Invalid or expired verification code')).toBeInTheDocument();
    showToast('red', 'Please enter the complete 5-digit code', 3000);
    expect(await screen.findByText('Please enter the complete 5-digit code')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Invalid or expired verification code')).toBeNull());
    showToast('red', 'Please enter the complete 5-digit code', 3000);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
  });
});
