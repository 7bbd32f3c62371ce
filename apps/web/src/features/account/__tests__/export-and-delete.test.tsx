import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSessionToken } from '@/lib/session';
import { emulateDesktop, emulatePhone } from '@/testing/device';
import { renderApp } from '@/testing/render-app';
import { localDay } from '../utils/save-file';
import { errorAnswer, exportFixture, serveAccount } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(async () => {
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** Catches what the screen hands the browser to save: the file's name and contents. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('download my data', () => {
  it('saves the export as my-data-YYYY-MM-DD.json', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const data = exportFixture();
    const { sent } = serveAccount({ answers: { '/v1/account/export': () => Response.json(data) } });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Download my data' });
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data file was downloaded.')).toBeInTheDocument();
    expect(sent('/v1/account/export')).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`my-data-${localDay()}.json`);
    expect(saved[0]!.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await readText(saved[0]!.blob))).toEqual(data);
    // The export is an event of its own: the activity is read again.
    await waitFor(() => expect(sent('/v1/account/activity')).toHaveLength(2));
  });

  it("a rate limit shows the server's words, and nothing is saved", async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    serveAccount({
      answers: {
        '/v1/account/export': errorAnswer(
          429,
          'RATE_LIMITED',
          'Too many downloads. Try again in 40 minutes.',
        ),
      },
    });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Download my data' });
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Too many downloads. Try again in 40 minutes.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('any other failure says the download failed', async () => {
    const user = userEvent.setup();
    catchDownloads();
    serveAccount({ answers: { '/v1/account/export': errorAnswer(500, 'INTERNAL') } });
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Download my data' });
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Your data could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
  });
});

async function openDeleteDialog(user: ReturnType<typeof userEvent.setup>, names = EN) {
  const card = await screen.findByRole('region', { name: names.card });
  await user.click(within(card).getByRole('button', { name: names.card }));
  return screen.findByRole('dialog', { name: names.dialog });
}

const EN = { card: 'Delete my account', dialog: 'Delete your account?', input: 'Type DELETE to confirm' };
const ZH = { card: '删除我的账户', dialog: '确定删除您的账户？', input: '输入“删除”以确认' };

describe('delete my account', () => {
  it('says what deleting does', async () => {
    serveAccount();
    renderApp('/account', { user: {} });
    const card = await screen.findByRole('region', { name: 'Delete my account' });
    for (const text of [
      /access to Google, Microsoft, Apple iCloud and Facebook is revoked/,
      /subscription is canceled at once/,
      /are deleted/,
      /Invoices are kept as billing records, as the law requires/,
      /signed out on every device/,
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it('is disabled until the word is typed, then deletes, forgets the session and lands on sign-in', async () => {
    emulateDesktop();
    const user = userEvent.setup();
    const { sent, calls } = serveAccount({
      answers: { '/v1/account': () => Response.json({ success: true }) },
    });
    const { router, queryClient } = renderApp('/account', { user: {} });
    const dialog = await openDeleteDialog(user);
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    const input = within(dialog).getByRole('textbox', { name: EN.input });
    expect(confirm).toBeDisabled();
    await user.type(input, 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELET');
    expect(confirm).toBeDisabled();
    await user.type(input, 'E ');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    const deleted = sent('/v1/account', 'DELETE');
    expect(deleted).toHaveLength(1);
    expect(JSON.parse(String(deleted[0]!.init?.body))).toEqual({ confirm: true });
    // Forgotten as a logout forgets, without the logout call: the session went with the account.
    expect(getSessionToken()).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(calls.map((c) => c.path)).not.toContain('/v1/auth/logout');
    expect(queryClient.getQueryData(['account', 'sessions'])).toBeUndefined();
  });

  it('a failure is shown in the dialog, which keeps the typed word and the session', async () => {
    emulateDesktop();
    const user = userEvent.setup();
    serveAccount({
      answers: {
        '/v1/account': errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Google did not answer. Please try again.'),
      },
    });
    const { router } = renderApp('/account', { user: {} });
    const dialog = await openDeleteDialog(user);
    const input = within(dialog).getByRole('textbox', { name: EN.input });
    await user.type(input, 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Google did not answer. Please try again.',
    );
    expect(input).toHaveValue('DELETE');
    expect(within(dialog).getByRole('button', { name: 'Delete permanently' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/account');
    expect(getSessionToken()).toBe('test-token');
  });

  it('cancel sends nothing and forgets the typed word', async () => {
    emulateDesktop();
    const user = userEvent.setup();
    const { sent } = serveAccount();
    renderApp('/account', { user: {} });
    let dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: EN.input }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDeleteDialog(user);
    expect(within(dialog).getByRole('textbox', { name: EN.input })).toHaveValue('');
    expect(sent('/v1/account', 'DELETE')).toEqual([]);
  });

  it('on a phone the confirmation is a bottom sheet', async () => {
    emulatePhone();
    const user = userEvent.setup();
    serveAccount({ answers: { '/v1/account': () => Response.json({ success: true }) } });
    const { router } = renderApp('/account', { user: {} });
    const dialog = await openDeleteDialog(user);
    expect(within(dialog).getByRole('slider')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: EN.input }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('in Chinese the word is 删除', async () => {
    emulateDesktop();
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    const { sent } = serveAccount({ answers: { '/v1/account': () => Response.json({ success: true }) } });
    const { router } = renderApp('/account', { user: {} });
    const dialog = await openDeleteDialog(user, ZH);
    const input = within(dialog).getByRole('textbox', { name: ZH.input });
    const confirm = within(dialog).getByRole('button', { name: '永久删除' });
    await user.type(input, 'DELETE');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, '删除');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('您的账户已删除。')).toBeInTheDocument();
    expect(sent('/v1/account', 'DELETE')).toHaveLength(1);
  });
});
