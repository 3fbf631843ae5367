import { createFileRoute } from '@tanstack/react-router';
import { MessagePage } from '../../components/centered-page';
import { MSG } from '../../../shared/messages';

export const Route = createFileRoute('/_app/acessonegado')({
  component: () => (
    <MessagePage title={MSG.accessDenied}>Seu usuário não tem permissão para abrir esta página.</MessagePage>
  ),
});
