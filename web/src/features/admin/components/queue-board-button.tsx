import { Button } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { ApiError, apiRequest, errorDetail } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useSingleFlightMutation } from '../../../lib/mutation';

const QUEUE_BOARD = '/ops/queues';

/**
 * The queue board (bull-board, served by the gateway) is a page a browser opens without a bearer
 * header: the token is first traded for a board session (a cookie on the board's path, an hour at
 * most, ended at sign-out), then the board is opened in this tab (a new tab opened after the wait
 * would meet the pop-up blocker).
 */
export function QueueBoardButton() {
  const open = useSingleFlightMutation({
    mutationFn: () => apiRequest<void>(`${QUEUE_BOARD}/session`, { method: 'POST' }),
    onSuccess: () => window.location.assign(QUEUE_BOARD),
    onError: (err) =>
      notifyError(
        err instanceof ApiError && err.status === 403
          ? 'Only platform operators can open the queue board.'
          : errorDetail(err, 'Error opening the queue board'),
      ),
  });
  return (
    <Button
      variant="light"
      leftSection={<IconListDetails size={16} />}
      disabled={open.isPending}
      onClick={() => open.mutate()}
    >
      {open.isPending ? 'Opening Queue Board...' : 'Queue Board'}
    </Button>
  );
}
