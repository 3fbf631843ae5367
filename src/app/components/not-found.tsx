import { MSG } from '../../shared/messages';
import { MessagePage } from './centered-page';

export function NotFound() {
  return <MessagePage title={MSG.notFound}>O endereço que você abriu não existe ou foi movido.</MessagePage>;
}
