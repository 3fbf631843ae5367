/** Tutorial addresses (spec 001 §2.12), configured on the server; kept for offline reloads. */
import { TUTORIALS_API, tutorialLinks } from '../../../../shared/contract/tutorials';
import { getQuery } from '../../../lib/get-query';

export const tutorialQueries = {
  links: () =>
    getQuery(['reference', 'tutorials'], TUTORIALS_API.links, tutorialLinks),
};
