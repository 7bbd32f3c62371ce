import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  signInAsNewUser,
  test,
} from './fixtures';
import { E2E_ASSISTANT_KEY } from './keys';

/** Billing journeys of issue 10 through the local payments stand-in (`/dev/checkout`). */
const TEXT = {
  en: {
    title: 'Billing',
    plan: 'Current Plan',
    startTrial: 'Start 7-day free trial',
    trialActivated: 'Trial plan activated successfully!',
    upgrade: 'Upgrade to Starter Plan',
    pay: /^Pay/,
    decline: /^Decline/,
    active: 'Active',
    nextBilling: 'Next billing date',
    cancel: 'Cancel Subscription',
    cancelDialog: 'Cancel subscription?',
    cancelling: /^Cancelled - Active until /,
    reactivate: 'Reactivate Subscription',
    chooseTrial: 'Choose Trial Free',
    trialBesidePaid: 'Not available while a paid plan is active.',
    reactivated: 'Subscription reactivated successfully!',
    paymentFailed: 'Payment failed. Please try again.',
    usage: 'Usage',
    manage: 'Manage billing',
    updatePayment: 'Update payment method',
    portal: 'Billing portal',
    portalCancel: 'Cancel plan',
    portalCard: 'Change your card',
    portalCancelled: /^Your plan is cancelled\. It stays active until /,
    backToApp: 'Return to Relay',
    mastercard: 'Mastercard ending in 4444',
    useCard: 'Use this card',
    card4444: 'Card ending in 4444',
  },
  zh: {
    title: '账单',
    plan: '当前套餐',
    startTrial: '开始 7 天免费试用',
    trialActivated: '试用套餐已成功激活！',
    upgrade: '升级到入门套餐',
    pay: /^(Pay|付款|支付)/,
    decline: /^(Decline|拒绝)/,
    active: '有效',
    nextBilling: '下次扣费日期',
    cancel: '取消订阅',
    cancelDialog: '确定取消订阅？',
    cancelling: /^已取消 - 有效期至 /,
    chooseTrial: '选择免费试用',
    trialBesidePaid: '付费套餐有效期间不可选择。',
    reactivate: '重新激活订阅',
    reactivated: '订阅已成功重新激活！',
    paymentFailed: '付款失败，请重试。',
    usage: '用量',
    manage: '管理账单',
    updatePayment: '更新付款方式',
    portal: '账单管理',
    portalCancel: '取消套餐',
    portalCard: '更换银行卡',
    portalCancelled: /^您的套餐已取消，有效期至 /,
    backToApp: '返回 Relay',
    mastercard: '尾号 4444 的 Mastercard 卡',
    useCard: '使用此卡',
    card4444: '尾号为 4444 的卡',
  },
} as const;

for (const lang of LANGS) {
  test.describe(`billing (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const text = TEXT[lang];

    test('trial, upgrade through the local checkout, cancel and reactivate', async ({ page, request }) => {
      // Four round trips through the checkout and the plan buttons, each with axe: ~20-30 s on 2 cores.
      test.slow();
      await signInAsNewUser(page, request);
      await page.goto('/billing');
      const plan = page.getByRole('region', { name: text.plan });
      await expect(plan).toBeVisible();
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);

      await plan.getByRole('button', { name: text.startTrial }).click();
      await expect(page.getByText(text.trialActivated)).toBeVisible();

      await plan.getByRole('button', { name: text.upgrade }).click();
      await expect(page).toHaveURL(/\/dev\/checkout/);
      await page.getByRole('button', { name: text.pay }).click();
      // Back at /billing?success=true&session_id=..., processed, then the address is reset.
      await expect(page).toHaveURL(/\/billing$/, { timeout: 15_000 });
      await expect(plan.getByText(text.active, { exact: true })).toBeVisible();
      await expect(plan.getByText(text.nextBilling)).toBeVisible();

      await plan.getByRole('button', { name: text.cancel }).click();
      const dialog = page.getByRole('dialog', { name: text.cancelDialog });
      await expectNoA11yViolations(page);
      await dialog.getByRole('button', { name: text.cancel }).click();
      await expect(plan.getByText(text.cancelling)).toBeVisible();
      await expect(plan.getByText(text.nextBilling)).toHaveCount(0);
      // Spec §2, issue 29 #13: cancelling at period end shows the plan change; the trial waits.
      await expect(plan.getByRole('button', { name: text.chooseTrial })).toBeDisabled();
      await expect(plan.getByText(text.trialBesidePaid)).toBeVisible();

      await page.reload();
      await expect(plan.getByText(text.cancelling)).toBeVisible();
      await plan.getByRole('button', { name: text.reactivate }).click();
      await expect(page.getByText(text.reactivated)).toBeVisible();
      await expect(plan.getByText(text.active, { exact: true })).toBeVisible();
    });

    test('Manage billing and Update payment method open the local portal; what changes there is on /billing on return (issue 19, 2.9)', async ({
      page,
      request,
    }) => {
      // A checkout and two portal visits, each a full page load of the built app, plus axe: past
      // test.slow()'s 90 s on a busy 2-core machine.
      test.setTimeout(180_000);
      await signInAsNewUser(page, request);
      await page.goto('/billing');
      const plan = page.getByRole('region', { name: text.plan });
      await plan.getByRole('button', { name: text.upgrade }).click();
      await expect(page).toHaveURL(/\/dev\/checkout/);
      await page.getByRole('button', { name: text.pay }).click();
      await expect(page).toHaveURL(/\/billing$/, { timeout: 15_000 });
      await expect(plan.getByText(text.active, { exact: true })).toBeVisible();

      // Before, the stand-in answered with /billing itself: the page reloaded and nothing happened.
      await plan.getByRole('button', { name: text.manage }).click();
      await expect(page).toHaveURL(/\/dev\/portal\?/);
      await expect(page.getByRole('heading', { level: 1, name: text.portal })).toBeVisible();
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: text.portalCancel }).click();
      await expect(page.getByRole('status')).toHaveText(text.portalCancelled);
      await page.getByRole('link', { name: text.backToApp }).click();
      await expect(page).toHaveURL(/\/billing$/);
      await expect(plan.getByText(text.cancelling)).toBeVisible();
      await expect(plan.getByText(text.nextBilling)).toHaveCount(0);

      await plan.getByRole('button', { name: text.updatePayment }).click();
      await expect(page).toHaveURL(/\/dev\/portal\?/);
      await expect(page.getByRole('heading', { level: 1, name: text.portalCard })).toBeVisible();
      await page.getByRole('radio', { name: text.mastercard }).check();
      await page.getByRole('button', { name: text.useCard }).click();
      await expect(page).toHaveURL(/\/billing$/);
      await expect(plan.getByText(text.card4444)).toBeVisible();
    });

    test('a declined payment shows the spec message', async ({ page, request }) => {
      await signInAsNewUser(page, request);
      await page.goto('/billing');
      await page.getByRole('button', { name: text.upgrade }).click();
      await expect(page).toHaveURL(/\/dev\/checkout/);
      await page.getByRole('button', { name: text.decline }).click();
      await expect(page.getByText(text.paymentFailed)).toBeVisible({ timeout: 15_000 });
    });

    test('usage recorded through the internal endpoint moves the percent', async ({ page, request }) => {
      const { token } = await signInAsNewUser(page, request);
      const me = await (
        await request.get('/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })
      ).json();
      await page.goto('/billing');
      const usage = page.getByRole('region', { name: text.usage });
      await expect(usage.getByText(/0%/).first()).toBeVisible();
      const recorded = await request.post('/v1/internal/usage', {
        headers: { authorization: `Bearer ${E2E_ASSISTANT_KEY}` },
        data: {
          userId: me.user.id,
          tokens: 10_000,
          idempotencyKey: `e2e-${Date.now()}`,
          occurredAt: new Date().toISOString(),
        },
      });
      expect(recorded.ok()).toBe(true);
      await page.reload();
      await expect(usage.getByText(/50%/).first()).toBeVisible();
    });
  });
}
