import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { invitationCreate, ROLE_LABELS, ROLES, type Role } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useInvite } from '../../../lib/team';

/** An admin invites a colleague by e-mail with a role; the link goes out by mail. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useInvite();
  const form = useForm<{ email: string; role: Role }>({
    initialValues: { email: '', role: 'trader' },
    validate: zod4Resolver(invitationCreate),
  });
  useUnsavedChanges(form.isDirty());
  const submit = form.onSubmit(async (body) => {
    try {
      const sent = await invite.mutateAsync(body);
      notifySuccess(`Invitation sent to ${sent.email}.`);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(errorDetail(err, 'Error sending invitation'));
    }
  });
  return (
    <Modal opened onClose={onClose} title="Invite a colleague">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
          <Select
            label="Role"
            data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
