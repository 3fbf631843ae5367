import { InputBase, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IMaskInput } from 'react-imask';
import { BANK_ACCOUNT_KINDS, BANK_HOLDER_MAX, BANK_NAMES, PIX_KEY_TYPES } from '../../../../shared/bank-accounts';
import { bankAccountInput, type BankAccount, type BankAccountInput } from '../../../../shared/contract/bank-accounts';
import { formatDocument } from '../../../../shared/format';
import { schemaErrors } from '../../../lib/form-errors';
import { useSaveSubmit } from '../../../lib/use-save-submit';
import { saveBankAccount } from '../api/bank-account-queries';
import { CPF_OR_CNPJ_MASK } from '../../../../shared/documents';
import { FormActions } from '../../../components/form-actions';

const PIX_PLACEHOLDER: Record<string, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'financeiro@empresa.com.br',
  telefone: '(11) 98765-4321',
  aleatoria: '123e4567-e89b-12d3-a456-426614174000',
};

interface Values {
  codigoBanco: string;
  agencia: string;
  contaBancaria: string;
  digitoContaBancaria: string;
  tipoContaBancaria: string;
  titularConta: string;
  documentoContaBancaria: string;
  tipoChavePix: string;
  chavePix: string;
  chavePixDoEstabelecimento: boolean;
}

function toBody(localId: string, v: Values): BankAccountInput {
  return {
    localClienteId: localId,
    codigoBanco: v.codigoBanco,
    agencia: v.agencia,
    contaBancaria: v.contaBancaria,
    digitoContaBancaria: v.digitoContaBancaria,
    tipoContaBancaria: Number(v.tipoContaBancaria) || 0,
    titularConta: v.titularConta,
    documentoContaBancaria: v.documentoContaBancaria,
    tipoChavePix: v.tipoChavePix || null,
    chavePix: v.chavePix.trim() ? v.chavePix : null,
    chavePixDoEstabelecimento: v.chavePixDoEstabelecimento,
  };
}

const digitsOnly = (s: string, max: number) => s.replace(/\D/g, '').slice(0, max);

/** The bank account form (spec 001 §3 bank-transfer fields, plus the Pix key). */
export function BankAccountForm({ localId, account, onSaved }: { localId: string; account: BankAccount | null; onSaved: () => Promise<void> }) {
  const form = useForm<Values>({
    initialValues: {
      codigoBanco: account?.codigoBanco ?? '',
      agencia: account?.agencia ?? '',
      contaBancaria: account?.contaBancaria ?? '',
      digitoContaBancaria: account?.digitoContaBancaria ?? '',
      tipoContaBancaria: account ? String(account.tipoContaBancaria) : '1',
      titularConta: account?.titularConta ?? '',
      documentoContaBancaria: account ? formatDocument(account.documentoContaBancaria) : '',
      tipoChavePix: account?.tipoChavePix ?? '',
      chavePix: account?.chavePix ?? '',
      chavePixDoEstabelecimento: account?.chavePixDoEstabelecimento ?? false,
    },
    validate: (v) => schemaErrors(bankAccountInput, toBody(localId, v)),
    validateInputOnBlur: ['agencia'],
  });
  const { busy, submit } = useSaveSubmit(form, (v) => saveBankAccount(toBody(localId, v), account?.id), onSaved);
  const bank = BANK_NAMES[form.values.codigoBanco];
  const numeric = (field: keyof Values, max: number) => {
    const p = form.getInputProps(field);
    return { ...p, inputMode: 'numeric' as const, maxLength: max, onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, digitsOnly(e.currentTarget.value, max)) };
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Código do banco" withAsterisk data-autofocus description={bank ?? 'Três números (ex.: 001, 341, 260)'} {...numeric('codigoBanco', 3)} />
          <TextInput label="Agência" withAsterisk description="Quatro números, sem dígito" {...numeric('agencia', 4)} />
          <TextInput label="Conta" withAsterisk {...numeric('contaBancaria', 20)} />
          <TextInput label="Dígito" withAsterisk maxLength={1} {...form.getInputProps('digitoContaBancaria')} />
        </SimpleGrid>
        <Select
          label="Tipo de conta"
          withAsterisk
          data={BANK_ACCOUNT_KINDS.map((k) => ({ value: String(k.id), label: k.label }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('tipoContaBancaria')}
        />
        <TextInput label="Titular da conta" withAsterisk maxLength={BANK_HOLDER_MAX} {...form.getInputProps('titularConta')} />
        <InputBase
          label="CPF/CNPJ do titular"
          withAsterisk
          component={IMaskInput}
          mask={CPF_OR_CNPJ_MASK}
          prepareChar={(c: string) => c.toUpperCase()}
          value={form.values.documentoContaBancaria}
          onAccept={(value: string) => form.setFieldValue('documentoContaBancaria', value)}
          error={form.errors.documentoContaBancaria}
        />
        <Text fw={600} size="sm" mt="xs">
          Pix
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Tipo da chave Pix"
            placeholder="Sem chave Pix"
            clearable={Boolean(form.values.tipoChavePix)}
            data={PIX_KEY_TYPES.map((k) => ({ value: k.id, label: k.label }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('tipoChavePix')}
            onChange={(v) => {
              form.setFieldValue('tipoChavePix', v ?? '');
              if (!v) {
                form.setFieldValue('chavePix', '');
                form.setFieldValue('chavePixDoEstabelecimento', false);
              }
            }}
          />
          <TextInput label="Chave Pix" placeholder={PIX_PLACEHOLDER[form.values.tipoChavePix] ?? ''} disabled={!form.values.tipoChavePix} maxLength={120} {...form.getInputProps('chavePix')} />
        </SimpleGrid>
        <Switch
          label="Usar esta chave como a chave Pix do estabelecimento"
          description="É a chave que recebe os pagamentos por Pix do estabelecimento."
          disabled={!form.values.tipoChavePix}
          {...form.getInputProps('chavePixDoEstabelecimento', { type: 'checkbox' })}
        />
        <FormActions busy={busy} />
      </Stack>
    </form>
  );
}
