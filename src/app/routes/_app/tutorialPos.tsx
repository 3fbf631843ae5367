import { createFileRoute } from '@tanstack/react-router';
import { TutorialsPage } from '../../features/tutorials/components/tutorials-page';
import { requireRouteRole } from '../../lib/guards';

export const Route = createFileRoute('/_app/tutorialPos')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <TutorialsPage which="pos" />,
});
