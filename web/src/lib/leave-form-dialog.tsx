import { Button, Group, Modal, Text } from '@mantine/core';

/** Asked before a navigation leaves a form with typed data that is not saved. */
export function LeaveFormDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened onClose={onStay} title="Leave without saving?" centered>
      <Text size="sm">What you typed on this page is not saved yet. If you leave now, it is lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          Stay on Page
        </Button>
        <Button color="red" onClick={onLeave}>
          Leave and Discard
        </Button>
      </Group>
    </Modal>
  );
}
