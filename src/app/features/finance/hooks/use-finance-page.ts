export { useLocalId, useSession, usePageTitle as useTitle } from '../../../lib/page-hooks';
