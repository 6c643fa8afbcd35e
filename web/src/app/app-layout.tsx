import {
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { PRODUCT_NAME, ROLE_BADGES } from '@mfd/contracts';
import { VerifyMailboxBanner } from '../components/verify-mailbox-banner';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useAuth } from '../lib/auth';
import classes from './app-layout.module.css';

const LINKS = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/inquiries', label: 'Inquiries' },
  { to: '/stems', label: 'Stems' },
  { to: '/customers', label: 'Customers' },
  { to: '/suppliers', label: 'Suppliers' },
  { to: '/prices', label: 'Prices' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

/** The navigation bar (spec §2): links, Admin for admins only, the user with a role badge, logout. */
export function AppLayout() {
  const { user, signOut } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const links = LINKS.filter((l) => !l.adminOnly || user?.role === 'admin' || user?.operator);

  // Confirm dialogs (modals.openConfirmModal) exist only in the signed-in app, so their provider (and
  // the modal code) stays out of the landing page's download.
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: true } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
              {/* Below lg the name gives way to the logo, leaving room for the links and the user. */}
              <Link to="/" className={classes.brand} aria-label={PRODUCT_NAME}>
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text component="span" fw={700} c="ocean.7" visibleFrom="lg">
                  {PRODUCT_NAME}
                </Text>
              </Link>
              <Group component="nav" gap={4} visibleFrom="sm" aria-label="Main">
                {links.map((l) => (
                  <RouterLink key={l.to} to={l.to} end={l.end} className={classes.link}>
                    {l.label}
                  </RouterLink>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <NotificationBell />
              {/* On a phone this is all the header holds besides the menu: the name shortens, the role badge never does. */}
              <UnstyledButton component={Link} to="/profile" className={classes.user} miw={0}>
                <Group gap={6} wrap="nowrap" miw={0}>
                  <IconUserCircle size={22} aria-hidden className={classes.fixed} />
                  <VisuallyHidden>Profile:</VisuallyHidden>
                  <Text size="sm" fw={500} truncate="end" miw={0}>
                    {user ? `${user.first_name} ${user.last_name}` : ''}
                  </Text>
                  {user && (
                    <Badge
                      variant="light"
                      color={user.role === 'admin' ? 'grape' : 'ocean'}
                      className={classes.fixed}
                      tt="none"
                    >
                      {ROLE_BADGES[user.role]}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
              <Button
                variant="subtle"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut()}
                visibleFrom="sm"
              >
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
              <NavLink
                component="button"
                label="Logout"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut()}
              />
            </Stack>
          )}
        </AppShell.Navbar>
        <AppShell.Main>
          <VerifyMailboxBanner />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
