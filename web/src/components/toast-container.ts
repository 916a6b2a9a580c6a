/**
 * The toast container, in a chunk of its own: app/providers.tsx mounts it when the first toast is
 * asked for (importing the package here, not there, lets the bundler split it from the store).
 */
export { Notifications as default } from '@mantine/notifications';
