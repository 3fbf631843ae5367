/** Query keys and calls of the payment methods (issue 24); keys start with 'payment-methods'. */
import { queryOptions } from '@tanstack/react-query';
import { PAYMENT_METHOD_PATHS, paymentMethodList, type PaymentMethodInput } from '../../../../shared/contract/payment-methods';
import { registryMessage, registrySaved } from '../../../../shared/contract/registry';
import { api } from '../../../lib/api-client';

export const paymentMethodQueries = {
  all: ['payment-methods'] as const,
  list: (localId: string) =>
    queryOptions({
      queryKey: ['payment-methods', 'list', localId] as const,
      queryFn: () => api(PAYMENT_METHOD_PATHS.list(localId), { schema: paymentMethodList }),
    }),
};

export const savePaymentMethod = (body: PaymentMethodInput, id?: string) =>
  id
    ? api(PAYMENT_METHOD_PATHS.one(id), { method: 'PUT', body, schema: registrySaved })
    : api(PAYMENT_METHOD_PATHS.create, { method: 'POST', body, schema: registrySaved });

export const deletePaymentMethod = (id: string) => api(PAYMENT_METHOD_PATHS.one(id), { method: 'DELETE', schema: registryMessage });
