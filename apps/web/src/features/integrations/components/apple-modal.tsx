import { TOAST_MS } from '@app/contract/constants';
import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { catalogueText, errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { useConnectApple } from '../api/connect-apple';
import { MODAL_STYLES } from './modal-styles';

interface AppleModalProps {
  opened: boolean;
  onClose: () => void;
  /** The Apple ID already on file when reconnecting, so only the new password is typed. */
  appleId?: string | null | undefined;
}

/** Spec §2, §4, §5: Apple ID and app-specific password, both required, with the guide one tap away. */
export function AppleModal({ opened, onClose, appleId }: AppleModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('integrations.appleModal.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={MODAL_STYLES}
    >
      {opened ? <AppleForm initialAppleId={appleId ?? ''} onDone={onClose} /> : null}
    </Modal>
  );
}

function AppleForm({ initialAppleId, onDone }: { initialAppleId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const connect = useConnectApple();
  const [appleId, setAppleId] = useState(initialAppleId);
  const [appPassword, setAppPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fallback = t('integrations.appleModal.failed');

  const submit = () => {
    if (!appleId.trim() || !appPassword.trim()) return setProblem(t('integrations.appleModal.required'));
    setProblem(null);
    connect.mutate(
      { appleId: appleId.trim(), appPassword },
      {
        onSuccess: (answer) => {
          if (!answer.success) return setProblem(answer.error || fallback);
          showToast('green', catalogueText('appleConnected'), TOAST_MS.integrations, 'bottom-center');
          onDone();
        },
        // iCloud's refusal comes back with the server's text, which names the usual mistake
        // (the Apple ID password instead of an app-specific one).
        onError: (error) => setProblem(errorText(error, fallback)),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!connect.isPending) submit();
      }}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('integrations.appleModal.description')}
        </Text>
        <TextInput
          label={t('integrations.appleModal.appleId')}
          type="email"
          autoComplete="username"
          size="md"
          data-autofocus={initialAppleId ? undefined : true}
          value={appleId}
          onChange={(event) => setAppleId(event.currentTarget.value)}
          disabled={connect.isPending}
          required
        />
        <PasswordInput
          label={t('integrations.appleModal.appPassword')}
          description={t('integrations.appleModal.appPasswordHint')}
          autoComplete="off"
          size="md"
          data-autofocus={initialAppleId ? true : undefined}
          value={appPassword}
          onChange={(event) => setAppPassword(event.currentTarget.value)}
          disabled={connect.isPending}
          required
          visibilityToggleButtonProps={{ 'aria-label': t('integrations.appleModal.showPassword') }}
        />
        <Anchor href={paths.appleGuide} target="_blank" rel="noopener" fz="sm">
          <Group component="span" gap={4} wrap="nowrap">
            {t('integrations.appleModal.guide')}
            <IconExternalLink size={14} aria-hidden />
            <span className="visually-hidden">{t('login.opensInNewTab')}</span>
          </Group>
        </Anchor>
        {problem ? (
          <Alert color="red" variant="light" role="alert" c="red.9">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={connect.isPending}>
            {t('integrations.appleModal.cancel')}
          </Button>
          <Button type="submit" loading={connect.isPending}>
            {t('integrations.appleModal.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
