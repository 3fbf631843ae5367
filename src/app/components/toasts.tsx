import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_MS } from '../../shared/constants';
import { onToastsWanted, toastsWanted } from '../lib/toast';
import classes from './toasts.module.css';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Mounts Mantine's toast renderer once the first toast is raised (see lib/toast.ts). */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_MS} position="top-right" classNames={{ root: classes.root }} />
    </Suspense>
  );
}
