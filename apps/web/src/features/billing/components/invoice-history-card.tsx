import type { TInvoice } from '@app/contract/billing/get-billing-info';
import { ActionIcon, Badge, Button, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { formatDate } from '@/lib/format';
import { useInvoiceDownload } from '../api/billing-links';
import { formatUsd } from '../utils/format';
import { invoiceText } from '../utils/invoice-text';
import { invoicesCsv, saveTextFile } from '../utils/invoices-csv';
import { showFailure } from '../utils/notify';

/**
 * Opens the tab before asking the server, while the click still counts as the person's:
 * a tab opened after an await is blocked as a pop-up by Safari and others.
 */
function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/** Spec §2 Invoice History: each invoice with its download, and all of them as one CSV. */
export function InvoiceHistoryCard({ invoices }: { invoices: readonly TInvoice[] }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage;
  const download = useInvoiceDownload();

  const downloadOne = (invoice: TInvoice) => {
    const tab = openPendingTab();
    download.mutate(invoice.id, {
      onSuccess: ({ downloadUrl }) => {
        if (tab) tab.location.href = downloadUrl;
        else window.open(downloadUrl, '_blank', 'noopener');
      },
      onError: (error) => {
        tab?.close();
        showFailure(t('messages.downloadFailed'), error);
      },
    });
  };

  const downloadAll = () => {
    const csv = invoicesCsv(
      invoices.map((invoice) => ({ ...invoice, ...invoiceText(invoice, t) })),
      {
        id: t('invoices.id'),
        date: t('invoices.date'),
        description: t('invoices.description'),
        amount: t('invoices.amount'),
        status: t('invoices.status'),
      },
    );
    saveTextFile(csv, t('invoices.fileName'));
  };

  return (
    <SectionCard
      title={t('invoices.title')}
      action={
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={downloadAll}
          disabled={invoices.length === 0}
        >
          {t('invoices.downloadAll')}
        </Button>
      }
    >
      {invoices.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('invoices.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {invoices.map((invoice, index) => {
            const text = invoiceText(invoice, t);
            return (
              <Fragment key={invoice.id}>
                {index > 0 ? <Divider component="li" aria-hidden /> : null}
                <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600} truncate>
                      {text.description}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatDate(invoice.date, language)}
                    </Text>
                  </Stack>
                  <Group gap="sm" wrap="nowrap">
                    <Stack gap={2} align="flex-end">
                      <Text fz="sm" fw={600}>
                        {formatUsd(invoice.amount, language)}
                      </Text>
                      <Badge
                        size="sm"
                        variant="filled"
                        color={invoice.status === 'paid' ? 'teal.9' : 'gray.8'}
                        tt="none"
                      >
                        {text.status}
                      </Badge>
                    </Stack>
                    <Tooltip label={t('invoices.download')}>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('invoices.downloadLabel', { id: invoice.id })}
                        onClick={() => downloadOne(invoice)}
                        loading={download.isPending && download.variables === invoice.id}
                      >
                        <IconDownload size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Fragment>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
