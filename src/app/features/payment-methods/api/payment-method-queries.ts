/** Query keys and calls of the payment methods (issue 24); keys start with 'payment-methods'. */
import { PAYMENT_METHOD_PATHS, paymentMethodList, type PaymentMethodInput } from '../../../../shared/contract/payment-methods';
import { registryApi } from '../../../lib/registry-api';

const calls = registryApi<PaymentMethodInput, typeof paymentMethodList>('payment-methods', PAYMENT_METHOD_PATHS, paymentMethodList);

export const paymentMethodQueries = calls.queries;
export const savePaymentMethod = calls.save;
export const deletePaymentMethod = calls.remove;
