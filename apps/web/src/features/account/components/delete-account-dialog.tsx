import { TOAST_MS } from '@app/contract/constants';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '@/components/bottom-sheet';
import { useLeaveSignedIn } from '@/lib/auth';
import { catalogueText, errorText } from '@/lib/error-text';
import { isMobile } from '@/lib/is-mobile';
import { clearAllStorage } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The last step before deleting: the person types the confirmation word of their language
 * ("DELETE", "删除"). A modal on desktop, a bottom sheet on phones (the integrations screen's
 * rule). Once the server has deleted the account, this device forgets the session as a logout
 * does, without the logout call (the session went with the account), and goes to sign-in.
 */
export function DeleteAccountDialog({ opened, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation('account');
  // Read when the screen opens: a phone turned sideways keeps the form it opened with.
  const [mobile] = useState(isMobile);
  const [typed, setTyped] = useState('');
  const deleteAccount = useDeleteAccount();
  const leave = useLeaveSignedIn();
  const word = t('delete.confirmWord');
  const matches = typed.trim() === word;

  const close = () => {
    if (deleteAccount.isPending) return;
    setTyped('');
    deleteAccount.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || deleteAccount.isPending) return;
    deleteAccount.mutate(undefined, {
      onSuccess: async () => {
        clearAllStorage();
        await leave();
        showToast('green', catalogueText('accountDeleted'), TOAST_MS.long);
      },
    });
  };

  const title = t('delete.dialogTitle');
  const body = (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text fz="sm">{t('delete.confirmHint', { word })}</Text>
        {deleteAccount.isError ? (
          <Alert color="red" variant="light" c="red.9" role="alert" icon={<IconAlertCircle aria-hidden />}>
            <Text fz="sm">{errorText(deleteAccount.error, t('delete.failed'))}</Text>
          </Alert>
        ) : null}
        <TextInput
          label={t('delete.confirmLabel', { word })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          data-autofocus
          size="md"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={deleteAccount.isPending}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" color="red.8" disabled={!matches} loading={deleteAccount.isPending}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  if (mobile) {
    return (
      <BottomSheet opened={opened} onClose={close} title={title} initialSnap={0.75}>
        {body}
      </BottomSheet>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common:common.close') }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {body}
    </Modal>
  );
}
