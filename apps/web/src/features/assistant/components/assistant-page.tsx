import { Container, Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAssistantSettings } from '../api/get-assistant-settings';
import { ActionsCard } from './actions-card';
import { ApprovalsCard } from './approvals-card';
import { ConversationCard } from './conversation-card';
import { FollowUpsCard } from './follow-ups-card';
import { MemoryCard } from './memory-card';
import { RemindersCard } from './reminders-card';
import { SchedulingCard } from './scheduling-card';
import { SettingsCard } from './settings-card';
import { StartCard } from './start-card';

/**
 * Issue 22: the screen a person opens to see and steer their assistant. What waits for their
 * yes comes first; on a wide screen the conversation and what it did fill the main column and
 * the settings sit beside them. Until a phone is linked, how to link one leads the page.
 */
export function AssistantPage() {
  const { t } = useTranslation('assistant');
  useDocumentTitle(t('title'));
  const settings = useAssistantSettings();
  const unlinked = settings.data?.phone === null;
  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {unlinked ? <StartCard /> : null}
            <ApprovalsCard />
            <SchedulingCard />
            <ConversationCard />
            <ActionsCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {settings.data && !unlinked ? <StartCard /> : null}
            <MemoryCard />
            <RemindersCard />
            <SettingsCard />
            <FollowUpsCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
