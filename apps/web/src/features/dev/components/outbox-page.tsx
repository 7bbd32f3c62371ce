import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCopy, IconMail, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOutbox } from '../api/get-outbox';

const CODE_PATTERN = /\b\d{5}\b/;

/** The local stand-ins' "sent" folder: where a person reads their sign-in code offline. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('devOutbox.title'));
  const [filter, setFilter] = useState('');
  const [to] = useDebouncedValue(filter.trim(), 300);
  const outbox = useOutbox(to);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'zh' ? 'zh-CN' : 'en-AU', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });

  let content: React.ReactNode;
  if (outbox.isPending) content = <PageLoader />;
  else if (outbox.error instanceof ApiError && outbox.error.status === 404)
    content = <Alert color="gray">{t('devOutbox.unavailable')}</Alert>;
  else if (outbox.isError) content = <Alert color="red">{errorText(outbox.error)}</Alert>;
  else if (outbox.data.messages.length === 0) content = <Text c="dimmed">{t('devOutbox.empty')}</Text>;
  else
    content = (
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
        {outbox.data.messages.map((message) => {
          const code = message.channel === 'sms' ? CODE_PATTERN.exec(message.body)?.[0] : undefined;
          return (
            <Card component="li" key={message.id} withBorder padding="md" data-testid="outbox-message">
              <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge
                    variant="light"
                    color={message.channel === 'sms' ? 'brand' : 'teal.9'}
                    leftSection={
                      message.channel === 'sms' ? (
                        <IconMessage size={12} aria-hidden />
                      ) : (
                        <IconMail size={12} aria-hidden />
                      )
                    }
                  >
                    {t(`devOutbox.${message.channel}`)}
                  </Badge>
                  <Text fw={600} fz="sm" truncate>
                    <Text span c="dimmed" fz="sm" fw={400}>
                      {t('devOutbox.to')}:{' '}
                    </Text>
                    {message.to}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  <time dateTime={message.createdAt}>{time.format(new Date(message.createdAt))}</time>
                </Text>
              </Group>
              {message.subject ? (
                <Text fw={600} fz="sm" mb={4}>
                  {message.subject}
                </Text>
              ) : null}
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
              {code ? (
                <Group mt="sm" gap="sm">
                  <Text ff="monospace" fz={24} fw={700} lts={4} data-testid="outbox-code">
                    {code}
                  </Text>
                  <CopyButton value={code}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={copy}
                        leftSection={
                          copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                        }
                      >
                        {copied ? t('devOutbox.copied') : t('devOutbox.copyCode')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              ) : null}
            </Card>
          );
        })}
      </Stack>
    );

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Title order={1} fz={{ base: 28, sm: 32 }} mb={6}>
        {t('devOutbox.title')}
      </Title>
      <Text c="dimmed" mb="xs">
        {t('devOutbox.description')}
      </Text>
      <Anchor component={Link} to={paths.devPhone} fz="sm" display="inline-block" mb="lg">
        {t('devOutbox.openPhone')}
      </Anchor>
      <TextInput
        label={t('devOutbox.filterLabel')}
        placeholder={t('devOutbox.filterPlaceholder')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        mb="lg"
        inputMode="email"
        autoComplete="off"
      />
      {content}
    </Container>
  );
}
