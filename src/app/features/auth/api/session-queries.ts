import { userInfo } from '../../../../shared/contract/user-info';
import { getQuery } from '../../../lib/get-query';

/** Query keys of the session's reference data (persisted for offline use: root "reference"). */
export const sessionQueries = {
  userInfo: () =>
    ({ ...getQuery(['reference', 'userinfo'], 'api/account/userinfo', userInfo), staleTime: 60_000 }),
};
