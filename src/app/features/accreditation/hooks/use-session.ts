export { useSession, usePageTitle as useTitle } from '../../../lib/page-hooks';
