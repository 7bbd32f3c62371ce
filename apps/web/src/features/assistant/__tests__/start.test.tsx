import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { serveAssistant } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('getting started', () => {
  it('without a linked phone: says how to link one, first on the page, and opens the link dialog', async () => {
    const user = userEvent.setup();
    serveAssistant({ phone: null });
    const { router } = renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Link your phone' });
    expect(screen.getAllByRole('region')[0]).toBe(card);
    expect(
      within(card).getByText(
        'Your assistant answers texts from your own mobile number. Link it, then text +1 555 010 0000.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Text your assistant' })).toBeNull();

    // The integrations screen's own dialog, opened for them.
    fakeApi({
      '/v1/integrations/status': () => Response.json({ integrations: {} }),
      '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
    });
    await user.click(within(card).getByRole('link', { name: 'Link my phone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    expect(router.state.location.search).toBe('?link=phone');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('with a linked phone: the number to text, an sms: link and examples to try', async () => {
    serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: 'Text your assistant' });
    expect(
      within(card).getByText('From +61 412 345 678, text +1 555 010 0000. A few things to try:'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open Messages' })).toHaveAttribute(
      'href',
      'sms:+15550100000',
    );
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "“What's on tomorrow?”",
      '“Add lunch tomorrow at 12”',
      '“Any unread mail?”',
      '“Am I free on Friday?”',
    ]);
    expect(screen.queryByRole('region', { name: 'Link your phone' })).toBeNull();
  });

  // Issue 29 #15: a person whose sample workspace is in the other language has no 李明 (nor
  // Sam), so the examples name nobody (assistant-screen-examples.test.ts: each is understood).
  it('in Chinese, the examples are in Chinese and name nobody', async () => {
    await i18n.changeLanguage('zh');
    serveAssistant();
    renderApp('/assistant', { user: {} });
    const card = await screen.findByRole('region', { name: '给助手发短信' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['“明天有什么安排”', '“明天12点安排午饭”', '“有未读邮件吗”', '“周五有空吗”']);
  });
});
