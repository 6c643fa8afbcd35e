import { notifications } from '@mantine/notifications';

/** Successes and errors as toasts, in the spec's words. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', title: 'Done', message, autoClose: 4000 });
}

/**
 * `title` names what went wrong when it is known, e.g. fields the server refused; "Something went
 * wrong" stays the page error boundary's words (spec).
 */
export function notifyError(message: string, title = 'Error'): void {
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}
