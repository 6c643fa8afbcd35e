import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The page-level error boundary (spec §2): shown when a page fails to render. */
export function PageError() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">An error occurred while loading this page. Please try refreshing.</Text>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Stack>
    </Center>
  );
}
