import { Alert, Button, Card, Center, Container, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBillingInfo } from '../api/get-billing-info';
import { defaultBillingInfo } from '../utils/subscription-state';
import { CurrentPlanCard } from './current-plan-card';
import { InvoiceHistoryCard } from './invoice-history-card';
import { UsageCard } from './usage-card';
import { useCheckoutReturn } from './use-checkout-return';

// The card form pulls in the payment provider's loader; only someone who opens it downloads it.
const CardFormModal = lazy(() => import('./card-form-modal'));

/** Spec §2 billing screen: Current Plan, Usage and Invoice History. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  useDocumentTitle(tc('billing.title'));
  const billing = useBillingInfo();
  const processing = useCheckoutReturn();
  const [cardFormOpen, setCardFormOpen] = useState(false);
  // Spec §4: when billing info cannot be loaded, a default is shown rather than an error page.
  const fallback = useMemo(() => defaultBillingInfo(), []);
  const info = billing.data ?? (billing.isError ? fallback : undefined);

  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={tc('billing.title')} description={tc('billing.subtitle')} />
      {processing ? (
        <Center py="xl">
          <Loader role="status" aria-label={tc('billing.title')} />
        </Center>
      ) : !info ? (
        <BillingSkeleton label={tc('billing.title')} />
      ) : (
        <Stack gap="lg">
          {billing.isError && !billing.data ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
              <Group justify="space-between" gap="sm">
                <Text fz="sm">{t('loadFailed')}</Text>
                <Button size="xs" variant="default" onClick={() => void billing.refetch()}>
                  {t('retry')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <CurrentPlanCard info={info} onOpenCardForm={() => setCardFormOpen(true)} />
          <UsageCard usage={info.usage} subscription={info.subscription} />
          <InvoiceHistoryCard invoices={info.invoices} />
        </Stack>
      )}
      {cardFormOpen ? (
        <Suspense fallback={null}>
          <CardFormModal opened onClose={() => setCardFormOpen(false)} />
        </Suspense>
      ) : null}
    </Container>
  );
}

/**
 * The three cards while billing loads, each as tall as it is once loaded for someone on the trial
 * or without a plan (measured at a phone's and a desktop's width): the screen is drawn ahead in
 * this state (prerender.tsx), and nothing below a card moves when its data arrives.
 */
const CARD_HEIGHTS = [
  { base: 543, sm: 505 },
  { base: 541, sm: 470 },
  { base: 68, sm: 68 },
];

function BillingSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-label={label}>
      {CARD_HEIGHTS.map((h) => (
        <Card key={`${h.base}-${h.sm}`} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Skeleton h={h} radius="md" />
        </Card>
      ))}
    </Stack>
  );
}
