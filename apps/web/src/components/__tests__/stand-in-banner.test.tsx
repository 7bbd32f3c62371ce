import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigQueryOptions } from '@/lib/app-config';
import { initI18n } from '@/lib/i18n';
import { TEST_APP_CONFIG } from '@/testing/app-config';
import { StandInBanner } from '../stand-in-banner';

initI18n({ lng: 'en' });

function renderBanner(standIns: (typeof TEST_APP_CONFIG)['standIns']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(appConfigQueryOptions.queryKey, { ...TEST_APP_CONFIG, standIns });
  const router = createMemoryRouter([{ path: '/', element: <StandInBanner /> }]);
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the stand-in banner', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names the services the server reports as stand-ins', () => {
    renderBanner(['sms', 'mail']);
    expect(screen.getByText(/simulated on this computer: SMS and email delivery\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the dev outbox' })).toHaveAttribute('href', '/dev/outbox');
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    renderBanner(['sms', 'mail', 'payments']);
    expect(screen.getByText(/以下服务在本机模拟：短信、邮件投递和付款。/)).toBeInTheDocument();
  });

  it("names the assistant's model when it is the local stand-in, in both languages", async () => {
    const { unmount } = renderBanner(['sms', 'assistant']);
    expect(
      screen.getByText(/simulated on this computer: SMS and the assistant's model\./),
    ).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('zh');
    renderBanner(['assistant']);
    expect(screen.getByText(/以下服务在本机模拟：助手的模型。/)).toBeInTheDocument();
  });

  it('is not there when every service is real', () => {
    renderBanner([]);
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByText(/simulated/)).toBeNull();
  });
});
