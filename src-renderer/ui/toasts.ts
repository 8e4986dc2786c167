import { notifications } from '@mantine/notifications';

// The composer's toasts (spec 1 §8). <Notifications /> is mounted once by the app (App.tsx).

export function toastSuccess(message: string) {
  notifications.show({ message, color: 'teal' });
}

export function toastWarning(message: string) {
  notifications.show({ message, color: 'yellow' });
}

export function toastError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 8000 });
}
