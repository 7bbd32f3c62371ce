import type { TAssistantApproval } from '@app/contract/assistant/screen';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './assistant.module.css';

/**
 * Everything an approval lets leave, whole (the text asking for the YES may show only the start):
 * where a new event is, each change old -> new, and the whole mail body or description.
 */
export function ApprovalContents({ approval }: { approval: TAssistantApproval }) {
  const { t } = useTranslation('assistant');
  const none = t('contents.none');
  const bodyLabel = approval.kind === 'send_mail' ? t('contents.body') : t('contents.description');
  return (
    <>
      {approval.place ? (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('contents.place', { place: approval.place })}
        </Text>
      ) : null}
      {approval.changes.length > 0 ? (
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t('contents.changes')}
          </Text>
          <ul className={classes.changes}>
            {approval.changes.map((change) => (
              <li key={change.field}>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('contents.change', {
                    field: t(`contents.fields.${change.field}`),
                    from: change.from ?? none,
                    to: change.to ?? none,
                  })}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
      ) : null}
      {approval.body ? (
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {bodyLabel}
          </Text>
          <Text fz="sm" className={classes.preview}>
            {approval.body}
          </Text>
        </Stack>
      ) : null}
    </>
  );
}
