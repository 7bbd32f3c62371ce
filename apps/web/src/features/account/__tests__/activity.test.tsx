import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ACTIVITY_PREVIEW } from '../components/activity-card';
import { ago, errorAnswer, eventFixtures, serveAccount } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(async () => {
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const items = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('security activity', () => {
  it('tells each event as a sentence, newest first, with when and from where', async () => {
    serveAccount();
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(7));
    const sentences = within(card)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(sentences).toEqual([
      'Downloaded a copy of your data',
      'Signed out 2 other devices',
      'Subscribed to the Starter Plan',
      'Google connection stopped working: access was withdrawn',
      'Connected Apple iCloud',
      'Signed in with Google',
      'Wrong sign-in code entered',
    ]);
    const signIn = eventFixtures().find((e) => e.id === 'e-signin')!;
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(signIn.createdAt),
    );
    expect(items(card)[5]).toContain(`${when} · Chrome on macOS · Network 203.0.113.x`);
    expect(items(card)[6]).toContain('· Network 198.51.100.x');
  });

  it('words the other kinds and what an event may lack', async () => {
    serveAccount({
      events: [
        { id: '1', kind: 'sign_in', method: 'phone', createdAt: ago(1000), device: null, network: null },
        { id: '2', kind: 'phone_linked', createdAt: ago(2000), device: null, network: null },
        { id: '3', kind: 'session_revoked', createdAt: ago(3000), device: null, network: null },
        {
          id: '4',
          kind: 'plan_changed',
          change: 'trial_started',
          plan: 'trial',
          createdAt: ago(4000),
          device: null,
          network: null,
        },
        {
          id: '5',
          kind: 'plan_changed',
          change: 'ended',
          plan: 'trial',
          createdAt: ago(5000),
          device: null,
          network: null,
        },
        {
          id: '6',
          kind: 'connection_removed',
          provider: 'microsoft',
          createdAt: ago(6000),
          device: null,
          network: null,
        },
        {
          id: '7',
          kind: 'connection_broken',
          provider: 'facebook',
          createdAt: ago(7000),
          device: null,
          network: null,
        },
        {
          id: '8',
          kind: 'sessions_revoked',
          count: 1,
          createdAt: ago(8000),
          device: null,
          network: null,
        },
      ],
    });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    for (const text of [
      'Signed in with your phone number',
      'Linked a phone number for texting your assistant',
      'Signed out a device',
      'Started the free trial',
      'The free trial ended',
      'Disconnected Microsoft',
      'Facebook connection stopped working',
      'Signed out 1 other device',
    ]) {
      expect(await within(card).findByText(text)).toBeInTheDocument();
    }
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serveAccount();
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: '安全动态' });
    for (const text of [
      '已下载您的数据副本',
      '已将其他 2 台设备退出登录',
      '已订阅入门套餐',
      'Google 连接已失效：访问授权已被撤销',
      '已连接 Apple iCloud',
      '使用 Google 登录',
      '输入了错误的登录验证码',
    ]) {
      expect(await within(card).findByText(text)).toBeInTheDocument();
    }
    expect(items(card)[5]).toContain('macOS 上的 Chrome · 网络 203.0.113.x');
    const devices = screen.getByRole('region', { name: '设备' });
    expect(await within(devices).findByText('本设备')).toBeInTheDocument();
    expect(within(devices).getByText('最近活跃：2小时前')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    serveAccount({ events: [] });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    expect(await within(card).findByText('No security activity yet.')).toBeInTheDocument();
  });

  it('shows the latest few, and all on request', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `e${i}`,
      kind: 'code_failed' as const,
      createdAt: ago(i * 60_000),
      device: null,
      network: null,
    }));
    serveAccount({ events: many });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(ACTIVITY_PREVIEW));
    await user.click(within(card).getByRole('button', { name: 'Show all 12 events' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(12);
    await user.click(within(card).getByRole('button', { name: 'Show fewer' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(ACTIVITY_PREVIEW);
  });

  it('a failed load says so and offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveAccount({
      answers: {
        '/v1/account/activity': () =>
          fail ? errorAnswer(403, 'FORBIDDEN')() : Response.json({ events: eventFixtures() }),
      },
    });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    expect(await within(card).findByText('We could not load your security activity.')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Signed in with Google')).toBeInTheDocument();
  });
});
