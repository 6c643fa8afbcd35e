import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container: bottom left, over no navigation (the header's links, where top centre sat)
 * and clear of dialogs' actions, which sit at their bottom right. On a phone global.css moves them
 * under the header.
 */
export function Toasts() {
  return <Notifications position="bottom-left" />;
}
