/** The browser's own online/offline flag, as a React value: the app's one hook (lib/use-online). */
export { useOnline as useBrowserOnline } from '../../../lib/use-online';
