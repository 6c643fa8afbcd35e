import { notifications } from '@mantine/notifications';

/** Successes and errors as toasts, in the spec's words. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', title: 'Done', message, autoClose: 4000 });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: 'Something went wrong', message, autoClose: 8000 });
}
