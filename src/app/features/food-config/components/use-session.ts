export { useSession } from '../../../lib/page-hooks';
