export { usePageTitle } from '../../../lib/page-hooks';
