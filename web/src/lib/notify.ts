import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export interface NotifyOptions {
  title?: ReactNode;
  /** Extra action on click (the toast always closes on click), e.g. go to a link path. */
  onClick?: () => void;
}

let counter = 0;

function show(message: ReactNode, color: string | undefined, options: NotifyOptions): string {
  counter += 1;
  const id = `toast-${counter}`;
  notifications.show({
    id,
    message,
    title: options.title,
    color,
    style: { cursor: 'pointer' },
    onClick: () => {
      notifications.hide(id);
      options.onClick?.();
    },
  });
  return id;
}

/** A success toast (top-right, closes after 3 s, on click, pauses on hover). */
export const notifySuccess = (message: ReactNode, options: NotifyOptions = {}) =>
  show(message, 'teal', options);

/** An error toast, red. */
export const notifyError = (message: ReactNode, options: NotifyOptions = {}) => show(message, 'red', options);

/** A neutral toast, e.g. a live notification. */
export const notifyInfo = (message: ReactNode, options: NotifyOptions = {}) =>
  show(message, undefined, options);
