import '@/lib/zod-config';
import { TOAST_MS } from '@app/contract/constants';
import { COUNTRIES } from '@app/contract/countries';
import { ZBillingDetails } from '@app/contract/payments/payments';
import { Alert, Box, Button, Input, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { errorText } from '@/lib/error-text';
import { isMobile } from '@/lib/is-mobile';
import { showToast } from '@/lib/toast';
import { useUpdateCard } from '../api/update-card';

const FIELDS = ['name', 'email', 'line1', 'city', 'state', 'zip', 'country'] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

const EMPTY: Form = { name: '', email: '', line1: '', city: '', state: '', zip: '', country: 'US' };

/** The form's fields in the contract's shape (spec §3 billing details). */
function toBillingDetails(form: Form) {
  return {
    name: form.name,
    email: form.email.trim(),
    address: {
      line1: form.line1,
      city: form.city,
      state: form.state,
      postal_code: form.zip,
      country: form.country,
    },
  };
}

const FIELD_OF_PATH: Record<string, Field> = {
  name: 'name',
  email: 'email',
  'address.line1': 'line1',
  'address.city': 'city',
  'address.state': 'state',
  'address.postal_code': 'zip',
  'address.country': 'country',
};

/** Spec §5: every field required, the email in email format; the contract's schema decides. */
export function validateCardForm(form: Form): Partial<Record<Field, true>> {
  const result = ZBillingDetails.safeParse(toBillingDetails(form));
  if (result.success) return {};
  const broken: Partial<Record<Field, true>> = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field) broken[field] = true;
  }
  return broken;
}

/**
 * The provider's card element, mounted once a publishable key is known; loaded only here.
 * The mount point is a callback ref: the modal renders its body after opening, so the node
 * arrives later than the first effect.
 */
function useCardElement(publishableKey: string | null) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  useEffect(() => {
    if (!publishableKey || !node) return;
    let card: StripeCardElement | undefined;
    let cancelled = false;
    void (async () => {
      // The pure entry does not inject the provider's script until asked to.
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = await loadStripe(publishableKey);
      if (!loaded || cancelled) return;
      card = loaded.elements().create('card', { hidePostalCode: true });
      card.mount(node);
      setStripe({ stripe: loaded, card });
    })();
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey, node]);
  return { mountRef: setNode, stripe };
}

/** Spec §2/§5 in-page card form: billing details plus the card, saved as the default card. */
export default function CardFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const { payments } = useAppConfig();
  const { mountRef, stripe } = useCardElement(payments.publishableKey);
  const updateCard = useUpdateCard();
  const [form, setForm] = useState<Form>(EMPTY);
  const [broken, setBroken] = useState<Partial<Record<Field, true>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const names = new Intl.DisplayNames([i18n.resolvedLanguage === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });

  const update = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setBroken((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const errors = validateCardForm(form);
    setBroken(errors);
    if (Object.keys(errors).length > 0) return;
    if (!payments.publishableKey) return setFailure(t('cardForm.notConfigured'));
    if (!stripe) return setFailure(t('messages.cardElementMissing'));
    setConfirming(true);
    const details = ZBillingDetails.parse(toBillingDetails(form));
    const result = await stripe.stripe.createPaymentMethod({
      type: 'card',
      card: stripe.card,
      billing_details: details,
    });
    setConfirming(false);
    // Spec §4: a card the provider refuses comes back as its own message.
    if (result.error) return setFailure(result.error.message ?? t('errors:codes.PAYMENT_ERROR'));
    updateCard.mutate(result.paymentMethod.id, {
      onSuccess: () => {
        showToast('green', t('cardForm.saved'), TOAST_MS.default);
        onClose();
      },
      onError: (error) => {
        // Spec §8: the server's message, or 'Payment failed. Please try again.'
        setFailure(errorText(error, t('errors:codes.PAYMENT_ERROR')));
      },
    });
  };

  const text = (field: Exclude<Field, 'country'>, autoComplete: string, type = 'text') => (
    <TextInput
      label={t(`cardForm.${field}`)}
      required
      type={type}
      autoComplete={autoComplete}
      value={form[field]}
      onChange={(event) => update(field, event.currentTarget.value)}
      error={broken[field] ? t(`cardForm.errors.${field}`) : undefined}
    />
  );

  return (
    // On a phone a long form reads better as a full page than as a box over the screen.
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cardForm.title')}
      centered
      size="lg"
      fullScreen={isMobile()}
      closeButtonProps={{ 'aria-label': t('common:common.close') }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          {/* Said once: as a note until a submit, then as the reason the card was not saved. */}
          {payments.publishableKey || failure ? null : (
            <Alert color="gray" variant="light" role="status">
              {t('cardForm.notConfigured')}
            </Alert>
          )}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          {text('name', 'cc-name')}
          {text('email', 'email', 'email')}
          {text('line1', 'address-line1')}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {text('city', 'address-level2')}
            {text('state', 'address-level1')}
            {text('zip', 'postal-code')}
            <NativeSelect
              label={t('cardForm.country')}
              required
              autoComplete="country"
              value={form.country}
              onChange={(event) => update('country', event.currentTarget.value)}
              error={broken.country ? t('cardForm.errors.country') : undefined}
              data={COUNTRIES.map((country) => ({
                value: country.iso,
                label: names.of(country.iso) ?? country.name,
              }))}
            />
          </SimpleGrid>
          {payments.publishableKey ? (
            <Input.Wrapper label={t('cardForm.card')} required>
              <Box
                ref={mountRef}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              />
            </Input.Wrapper>
          ) : null}
          <Button type="submit" mt="sm" loading={confirming || updateCard.isPending}>
            {confirming || updateCard.isPending ? t('cardForm.saving') : t('cardForm.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
