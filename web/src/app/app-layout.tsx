import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { PRODUCT_NAME, ROLE_BADGES } from '@mfd/contracts';
import { useAuth } from '../lib/auth';
import classes from './app-layout.module.css';

const LINKS = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/inquiries', label: 'Inquiries' },
  { to: '/customers', label: 'Customers' },
  { to: '/suppliers', label: 'Suppliers' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

/** The navigation bar (spec §2): links, Admin for admins only, the user with a role badge, logout. */
export function AppLayout() {
  const { user, signOut } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const links = LINKS.filter((l) => !l.adminOnly || user?.role === 'admin');

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: true } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text component={Link} to="/" fw={700} c="ocean.7" className={classes.brand}>
              {PRODUCT_NAME}
            </Text>
            <Group component="nav" gap={4} visibleFrom="sm" aria-label="Main">
              {links.map((l) => (
                <RouterLink key={l.to} to={l.to} end={l.end} className={classes.link}>
                  {l.label}
                </RouterLink>
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton component={Link} to="/profile" className={classes.user} aria-label="Profile">
              <Group gap={6} wrap="nowrap">
                <IconUserCircle size={22} aria-hidden />
                <Text size="sm" fw={500} visibleFrom="xs">
                  {user ? `${user.first_name} ${user.last_name}` : ''}
                </Text>
                {user && (
                  <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'ocean'}>
                    {ROLE_BADGES[user.role]}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
            <Button variant="subtle" leftSection={<IconLogout size={16} />} onClick={() => void signOut()} visibleFrom="sm">
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main menu">
        {/* Rendered only while open: the desktop header carries the same links. */}
        {opened && (
          <Stack gap={2}>
            {[...links, { to: '/profile', label: 'Profile' }].map((l) => (
              <NavLink
                key={l.to}
                component={Link}
                to={l.to}
                label={l.label}
                active={l.to === '/' ? location.pathname === '/' : location.pathname.startsWith(l.to)}
                onClick={close}
              />
            ))}
            <NavLink component="button" label="Logout" leftSection={<IconLogout size={16} />} onClick={() => void signOut()} />
          </Stack>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
