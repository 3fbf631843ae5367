/** Payment methods contract (issue 24; paths ours, in the spec's api/{Entidade} style). */
import { z } from 'zod/mini';
import '../zod-locale';
import { namedRegistryContract, registryPaths } from './registry';
import { PAYMENT_METHOD_KINDS, PAYMENT_METHOD_MSG, PAYMENT_METHOD_NAME_MAX } from '../payment-methods';

export const PAYMENT_METHOD_PATHS = registryPaths('api/FormaPagamento/BuscarDoLocal', 'api/FormaPagamento');

const kindIds = PAYMENT_METHOD_KINDS.map((k) => k.id) as number[];

/** The list's rows; the body of POST api/FormaPagamento and PUT api/FormaPagamento/{id}. */
export const { row: paymentMethod, list: paymentMethodList, input: paymentMethodInput } = namedRegistryContract(
  'descricao',
  { max: PAYMENT_METHOD_NAME_MAX, required: PAYMENT_METHOD_MSG.nameRequired, tooLong: PAYMENT_METHOD_MSG.nameTooLong },
  {
    row: { tipo: z.number(), ativo: z.boolean() },
    input: {
      tipo: z.number({ error: PAYMENT_METHOD_MSG.kindRequired }).check(z.refine((n) => kindIds.includes(n), PAYMENT_METHOD_MSG.kindRequired)),
      ativo: z.boolean(),
    },
  },
);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export type PaymentMethodInput = z.input<typeof paymentMethodInput>;
