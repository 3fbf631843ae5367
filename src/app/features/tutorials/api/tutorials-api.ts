/** Tutorial addresses (spec 001 §2.12), configured on the server; kept for offline reloads. */
import { queryOptions } from '@tanstack/react-query';
import { TUTORIALS_API, tutorialLinks } from '../../../../shared/contract/tutorials';
import { api } from '../../../lib/api-client';

export const tutorialQueries = {
  links: () =>
    queryOptions({
      queryKey: ['reference', 'tutorials'] as const,
      queryFn: () => api(TUTORIALS_API.links, { schema: tutorialLinks }),
    }),
};
