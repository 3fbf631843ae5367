/** The board's iFood calls that are not order commands: the answer to a consumer's cancellation request. */
import type { IfoodDisputeAnswer, IfoodDisputeProposal } from '../../../../shared/contract/ifood-ticket';
import { order } from '../../../../shared/contract/orders';
import { KDS_PATHS } from '../../../../shared/orders';
import { api } from '../../../lib/api-client';

/** Online only: iFood's deadline is minutes long, so an answer is never queued. */
export function answerIfoodDispute(orderId: string, body: IfoodDisputeAnswer) {
  return api(KDS_PATHS.ifoodDispute(orderId), { method: 'POST', body, schema: order });
}

/** A counter-proposal (a refund up to iFood's maxAmount) instead of accepting or refusing; online only too. */
export function proposeIfoodAlternative(orderId: string, body: IfoodDisputeProposal) {
  return api(KDS_PATHS.ifoodDisputeProposal(orderId), { method: 'POST', body, schema: order });
}
