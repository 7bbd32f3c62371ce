import type { TAssistantApproval } from '@app/contract/assistant/screen';
import { TOAST_MS } from '@app/contract/constants';
import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { ApiError } from '@/lib/api-client';
import { WARNING_COLOR } from '@/lib/colors';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { type TDecision, useDecideApproval } from '../api/decide-approval';
import { usePendingApprovals } from '../api/list-pending-approvals';
import { useAssistantClock } from '../utils/time';
import { ApprovalContents } from './approval-contents';
import { ApprovalFacts } from './approval-facts';
import classes from './assistant.module.css';
import { KIND_ICONS } from './kind-icons';

/**
 * What waits for the person's yes, each with the whole preview the text showed. Approve and
 * Decline are the same one-time answer as YES or NO by text: an answer that lost the race (a
 * YES by text came first) is a CONFLICT, and the list is read again.
 */
export function ApprovalsCard() {
  const { t } = useTranslation('assistant');
  const approvals = usePendingApprovals();
  const decide = useDecideApproval();
  const pending = approvals.data?.approvals ?? [];

  const answer = (approval: TAssistantApproval, decision: TDecision) =>
    decide.mutate(
      { id: approval.id, decision },
      {
        onSuccess: ({ message }) => showToast('green', message, TOAST_MS.long),
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'CONFLICT') showToast('red', t('approvals.alreadyAnswered'), TOAST_MS.long);
          else if (code === 'NOT_FOUND') showToast('red', t('approvals.gone'), TOAST_MS.long);
          else showToast('red', errorText(error, t('approvals.failed')), TOAST_MS.long);
        },
      },
    );

  return (
    <SectionCard
      title={t('approvals.title')}
      description={pending.length > 0 ? t('approvals.description') : undefined}
      action={
        pending.length > 0 ? (
          <Badge color={WARNING_COLOR} variant="filled" size="lg" tt="none">
            {t('approvals.count', { count: pending.length })}
          </Badge>
        ) : null
      }
    >
      {approvals.isPending ? (
        // Most of the time nothing waits: as tall as the line that says so.
        <RowSkeletons rows={1} height={22} />
      ) : approvals.isError ? (
        <LoadFailed text={t('approvals.loadFailed')} onRetry={() => void approvals.refetch()} />
      ) : pending.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('approvals.empty')}
        </Text>
      ) : (
        <ul className={classes.approvals}>
          {pending.map((approval) => (
            <ApprovalItem
              key={approval.id}
              approval={approval}
              deciding={
                decide.isPending && decide.variables?.id === approval.id ? decide.variables.decision : null
              }
              disabled={decide.isPending}
              onAnswer={(decision) => answer(approval, decision)}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function ApprovalItem({
  approval,
  deciding,
  disabled,
  onAnswer,
}: {
  approval: TAssistantApproval;
  deciding: TDecision | null;
  disabled: boolean;
  onAnswer: (decision: TDecision) => void;
}) {
  const { t } = useTranslation('assistant');
  const clock = useAssistantClock();
  const Icon = KIND_ICONS[approval.kind];
  return (
    <li>
      <Paper withBorder radius="md" p="md" className={classes.approval}>
        <Stack gap="sm">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon variant="light" color="orange" size={36} radius="md" aria-hidden>
              <Icon size={20} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fz="xs" fw={700} tt="uppercase" c={WARNING_COLOR}>
                {t(`kinds.${approval.kind}`)}
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {approval.title}
              </Text>
              <ApprovalFacts approval={approval} fz="sm" />
            </Stack>
          </Group>
          <Text fz="sm" className={classes.preview}>
            {approval.preview}
          </Text>
          <ApprovalContents approval={approval} />
          {approval.flagged.length > 0 ? (
            <Alert
              color="orange"
              variant="light"
              c={WARNING_COLOR}
              icon={<IconAlertTriangle aria-hidden />}
              p="xs"
            >
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('approvals.flagged', { recipients: approval.flagged.join(', ') })}
              </Text>
            </Alert>
          ) : null}
          {approval.textApprovable ? null : (
            <Text fz="sm" fw={600}>
              {t('approvals.screenOnly')}
            </Text>
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              <time dateTime={approval.expiresAt}>
                {t('approvals.expires', { time: clock.time(approval.expiresAt) })}
              </time>
            </Text>
            <Group gap="sm" wrap="nowrap" className={classes.answers}>
              <Button
                variant="default"
                leftSection={<IconX size={16} aria-hidden />}
                aria-label={t('approvals.declineLabel', { title: approval.title })}
                loading={deciding === 'decline'}
                disabled={disabled && deciding !== 'decline'}
                onClick={() => onAnswer('decline')}
              >
                {t('approvals.decline')}
              </Button>
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                aria-label={t('approvals.approveLabel', { title: approval.title })}
                loading={deciding === 'approve'}
                disabled={disabled && deciding !== 'approve'}
                onClick={() => onAnswer('approve')}
              >
                {t('approvals.approve')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </li>
  );
}
