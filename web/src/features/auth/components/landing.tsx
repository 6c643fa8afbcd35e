import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconNetwork, IconSend, IconWorld } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@mfd/contracts';

const TILES = [
  {
    icon: IconNetwork,
    title: 'Centralized network',
    text: 'Customers, suppliers, ports and vessels in one directory your whole desk shares.',
  },
  {
    icon: IconSend,
    title: 'Smart distribution',
    text: 'Send an inquiry to every supplier covering the port in one step and compare the offers side by side.',
  },
  {
    icon: IconLock,
    title: 'Secure environment',
    text: 'Your company’s data stays yours: every call is authenticated and every record is scoped to your company.',
  },
  {
    icon: IconWorld,
    title: 'Global reach',
    text: 'Over ten thousand UN/LOCODE seaports, with local time zones for every ETA.',
  },
];

/** The landing page (spec §1): pitch, four tiles, and the two ways in. */
export function Landing({ onSignIn, onSignUp }: { onSignIn: () => void; onSignUp: () => void }) {
  return (
    <Container size="lg" py={48}>
      <Stack align="center" ta="center" gap="sm" mb={40}>
        <Title order={1}>{PRODUCT_NAME}</Title>
        <Text size="lg" c="dimmed" maw={640}>
          The bunker desk’s workspace: log a fuel inquiry, send it to the right suppliers, collect their
          offers and award the best one — faster than e-mail and spreadsheets.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={720} mx="auto" mb={48}>
        <Card withBorder padding="xl">
          <Title order={2} size="h3">
            Sign In
          </Title>
          <Text c="dimmed" mb="md">
            Welcome back. Continue where you left off.
          </Text>
          <Button onClick={onSignIn} fullWidth>
            Sign In
          </Button>
        </Card>
        <Card withBorder padding="xl">
          <Title order={2} size="h3">
            Create Your Account
          </Title>
          <Text c="dimmed" mb="md">
            New to {PRODUCT_NAME}? Set up your desk in a minute.
          </Text>
          <Button onClick={onSignUp} variant="light" fullWidth>
            Create Your Account
          </Button>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {TILES.map((tile) => (
          <Card key={tile.title} padding="lg" withBorder>
            <Group mb="xs">
              <ThemeIcon variant="light" size={36} aria-hidden>
                <tile.icon size={20} />
              </ThemeIcon>
            </Group>
            <Text fw={600}>{tile.title}</Text>
            <Text size="sm" c="dimmed">
              {tile.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
