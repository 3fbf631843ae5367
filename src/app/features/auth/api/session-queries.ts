import { queryOptions } from '@tanstack/react-query';
import { userInfo } from '../../../../shared/contract/user-info';
import { api } from '../../../lib/api-client';

/** Query keys of the session's reference data (persisted for offline use: root "reference"). */
export const sessionQueries = {
  userInfo: () =>
    queryOptions({
      queryKey: ['reference', 'userinfo'] as const,
      queryFn: () => api('api/account/userinfo', { schema: userInfo }),
      staleTime: 60_000,
    }),
};
