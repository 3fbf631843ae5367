/**
 * "Não configurado" texts: what a production server without a provider (and without its sandbox
 * allowed by ALLOW_SANDBOXES) answers and shows, each saying what to set.
 */
export const SANDBOX_FAMILIES = ['payments', 'donations', 'finance', 'ifood', 'couriers', 'accreditation', 'cashless', 'scheduling'] as const;
export type SandboxFamily = (typeof SANDBOX_FAMILIES)[number];

const orSandbox = (family: SandboxFamily) => ` Para usar o sandbox (nada real acontece), defina ALLOW_SANDBOXES=${family}.`;

export const NOT_CONFIGURED_MSG = {
  financeAcquirer: `Adquirente não configurada: defina ACQUIRER_API_URL e ACQUIRER_API_TOKEN.${orSandbox('finance')}`,
  bank: `Banco não configurado: defina BANK_API_URL e BANK_API_TOKEN.${orSandbox('finance')}`,
  erp: `ERP não configurado: defina ERP_API_URL e ERP_API_TOKEN.${orSandbox('finance')}`,
  accreditation: `Provedor de credenciamento não configurado: defina ACCREDITATION_PROVIDER_URL e ACCREDITATION_PROVIDER_TOKEN.${orSandbox('accreditation')}`,
  cashless: `Serviço de verificação de cartões não configurado: defina CARD_VERIFY_URL e CARD_VERIFY_TOKEN.${orSandbox('cashless')}`,
  ifood: `iFood não configurado: defina IFOOD_CLIENT_ID e IFOOD_CLIENT_SECRET.${orSandbox('ifood')}`,
  couriers: `Plataformas de entrega não configuradas: defina COURIER_PLAYDELIVERY_URL, COURIER_LOGGI_URL ou COURIER_MEEP_URL (e COURIER_API_TOKEN).${orSandbox('couriers')}`,
  scheduling: `Ativação de delivery não configurada: defina DELIVERY_ACTIVATION_URL e DELIVERY_ACTIVATION_TOKEN.${orSandbox('scheduling')}`,
} as const;

/** The short name the provider lines show when nothing answers. */
export const NOT_CONFIGURED_NAME = 'não configurado';
