import { Alert, Button, Card, List, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconBuildingStore, IconMail, IconPencil, IconRobot, IconUser } from '@tabler/icons-react';
import type { InquiryDetail, TimelineItem } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { errorDetail } from '../../../lib/api-client';
import { useTimeline } from '../api/timeline';
import { portMoment, timelineChanges, timelineParticulars, timelineSentence } from './timeline-sentences';

function Bullet({ item }: { item: TimelineItem }) {
  const icon =
    item.type === 'mail_outcome' ? (
      <IconMail size={14} />
    ) : item.actor.kind === 'supplier' ? (
      <IconBuildingStore size={14} />
    ) : item.actor.kind === 'system' ? (
      <IconRobot size={14} />
    ) : item.type === 'inquiry_edited' || item.type === 'line_changed' ? (
      <IconPencil size={14} />
    ) : (
      <IconUser size={14} />
    );
  const failed =
    item.type === 'mail_outcome' && (item.detail.status === 'failed' || item.detail.status === 'bounced');
  return (
    <ThemeIcon size={24} radius="xl" color={failed ? 'red' : undefined} aria-hidden>
      {icon}
    </ThemeIcon>
  );
}

function Entry({ item, zone }: { item: TimelineItem; zone: string }) {
  const changes = timelineChanges(item, zone);
  const particulars = timelineParticulars(item);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {portMoment(item.at, zone)}
      </Text>
      {particulars.length > 0 && (
        <List size="sm" spacing={2}>
          {particulars.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      {changes.length > 0 && (
        <List size="sm" spacing={2} aria-label="Changes">
          {changes.map((c) => (
            <List.Item key={c.field}>
              {c.label}: {c.before} → {c.after}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The Timeline tab: everything that happened to the inquiry, oldest first, one readable sentence
 * each with who did it (the name as it was then), when (port time with its UTC offset) and every
 * changed field as before → after.
 */
export function TimelineTab({ inquiry }: { inquiry: InquiryDetail }) {
  const timeline = useTimeline(inquiry.id);
  const zone = inquiry.port_timezone ?? 'UTC';
  const items = timeline.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Every change, who made it and when, oldest first. Times at the port ({zone}).
        </Text>
        {timeline.isLoading ? (
          <Skeleton height={240} />
        ) : timeline.isError ? (
          <Alert color="red" role="alert">
            Unable to load the timeline: {errorDetail(timeline.error, 'please try again in a moment.')}
          </Alert>
        ) : items.length === 0 ? (
          <EmptyState title="Nothing recorded yet" description="Changes to this inquiry appear here." />
        ) : (
          <>
            {/* An ordered record: read as a list by assistive technology. */}
            <Timeline bulletSize={24} lineWidth={2} role="list" aria-label="Inquiry timeline">
              {items.map((item, i) => (
                <Timeline.Item
                  role="listitem"
                  key={`${item.at} ${i}`}
                  bullet={<Bullet item={item} />}
                  title={timelineSentence(item, zone)}
                >
                  <Entry item={item} zone={zone} />
                </Timeline.Item>
              ))}
            </Timeline>
            {timeline.hasNextPage && (
              <Button
                variant="light"
                onClick={() => void timeline.fetchNextPage()}
                loading={timeline.isFetchingNextPage}
              >
                Show more
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
