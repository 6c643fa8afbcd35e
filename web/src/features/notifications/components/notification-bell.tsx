import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  List,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  NOTIFICATION_KIND_INFO,
  notificationPath,
  notificationSentence,
  type NotificationView,
} from '@mfd/contracts';
import { useMarkNotificationsRead, useNotifications } from '../../../lib/api/notifications';
import { formatAgo } from '../../../lib/durations';
import { formatUtc } from '../../../lib/port-time';
import { useNow } from '../../../lib/use-now';
import classes from './notification-bell.module.css';

/** "99+" beyond what fits the badge. */
const countLabel = (n: number) => (n > 99 ? '99+' : String(n));

function NotificationLine({ item, now }: { item: NotificationView; now: Date }) {
  const ago = formatAgo((now.getTime() - new Date(item.created_at).getTime()) / 1000);
  const where = [item.vessel_name, item.port_name].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="nowrap">
        {!item.read_at && (
          <>
            <Text component="span" c="ocean.7" fz={10} aria-hidden>
              ●
            </Text>
            <VisuallyHidden>Unread:</VisuallyHidden>
          </>
        )}
        <Text size="sm" fw={item.read_at ? 500 : 700}>
          {NOTIFICATION_KIND_INFO[item.kind].label}
        </Text>
      </Group>
      <Text size="sm">{notificationSentence(item.kind, item.supplier_name)}</Text>
      <Text size="xs" c="dimmed">
        {where} · <span title={formatUtc(item.created_at) ?? undefined}>{ago}</span>
      </Text>
    </Stack>
  );
}

/**
 * The header's bell (issue 21): the unread count, and a panel of the latest notifications, each a
 * link to its inquiry on the tab it is about (marked read as it is opened); "Mark all read".
 */
export function NotificationBell() {
  const { data, isLoading, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [opened, setOpened] = useState(false);
  const now = useNow(30_000);
  const unread = data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    // In the header, not a portal: the panel stays inside the page's banner landmark.
    <Popover
      position="bottom-end"
      width={360}
      shadow="md"
      opened={opened}
      onChange={setOpened}
      withinPortal={false}
    >
      <Indicator label={countLabel(unread)} size={18} disabled={unread === 0} color="red" offset={4}>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py={6} wrap="nowrap">
          <Text fw={700} size="sm">
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </Group>
        <Divider />
        {isLoading && (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        )}
        {isError && (
          <Text size="sm" c="red.8" p="sm">
            Unable to load notifications
          </Text>
        )}
        {data && data.items.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            No notifications yet. New, revised and expiring offers and failed supplier mails show here.
          </Text>
        )}
        {data && data.items.length > 0 && (
          <ScrollArea.Autosize mah={420} type="auto">
            <List listStyleType="none" p={4} m={0}>
              {data.items.map((item) => (
                <List.Item key={item.id} className={classes.item}>
                  <UnstyledButton
                    component={Link}
                    to={notificationPath(item.kind, item.inquiry_id)}
                    className={classes.link}
                    onClick={() => {
                      setOpened(false);
                      if (!item.read_at) markRead.mutate({ ids: [item.id] });
                    }}
                  >
                    <NotificationLine item={item} now={now} />
                  </UnstyledButton>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
