import { Group, Modal, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { printerSaveRequest, type Printer, type PrinterSaveRequest } from '../../../../shared/contract/printers';
import { CODE_PAGE_LABEL, CODE_PAGES, DEFAULT_PRINTER_PORT, PAPER_CHOICES, PRINTER_CONNECTION, PRINTER_CONNECTION_LABEL } from '../../../../shared/printers';
import { FormActions } from '../../../components/form-actions';

type Values = Pick<PrinterSaveRequest, 'localClienteId' | 'nome' | 'conexao' | 'endereco' | 'porta' | 'paginaCodigo'> & { papel: string };

/** The form's paper choice as the request's width and columns. */
function paperOf(value: string) {
  const c = PAPER_CHOICES.find((x) => x.value === value) ?? PAPER_CHOICES[0];
  return { larguraPapel: c.paperWidth, colunas: c.columns } as Pick<PrinterSaveRequest, 'larguraPapel' | 'colunas'>;
}

/** Create or edit a printer; validated with the same schema as the server. */
export function PrinterFormModal({ localId, printer, opened, onClose, onSave }: {
  localId: string;
  printer: Printer | null;
  opened: boolean;
  onClose: () => void;
  onSave: (body: PrinterSaveRequest) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      localClienteId: localId,
      nome: printer?.Nome ?? '',
      conexao: printer?.Conexao ?? PRINTER_CONNECTION.network,
      endereco: printer?.Endereco ?? '',
      porta: printer?.Porta ?? DEFAULT_PRINTER_PORT,
      papel: printer ? `${printer.LarguraPapel}-${printer.Colunas}` : PAPER_CHOICES[0].value,
      paginaCodigo: printer?.PaginaCodigo ?? 'cp860',
    },
    validate: (v) => {
      const { papel, ...rest } = v;
      const errors = schemaResolver(printerSaveRequest, { sync: true })({ ...rest, ...paperOf(papel) } as never);
      const { larguraPapel, colunas, ...others } = errors as Record<string, unknown>;
      return (larguraPapel || colunas ? { ...others, papel: larguraPapel ?? colunas } : others) as FormErrors;
    },
  });
  const network = form.getValues().conexao === PRINTER_CONNECTION.network;

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const { papel, ...rest } = v;
      const typed: PrinterSaveRequest = { ...rest, ...paperOf(papel) };
      const body: PrinterSaveRequest = network ? typed : { ...typed, endereco: null, porta: null };
      if (await onSave(body)) form.reset();
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={printer ? `Editar impressora ${printer.Nome}` : 'Nova impressora'} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nome (estação)" description="O mesmo nome da impressora dos produtos, ex.: Cozinha, Bar." required {...form.getInputProps('nome')} />
          <Radio.Group label="Conexão" required {...form.getInputProps('conexao')}>
            <Stack gap="xs" mt={6}>
              <Radio value={PRINTER_CONNECTION.network} label={PRINTER_CONNECTION_LABEL.rede} />
              <Radio value={PRINTER_CONNECTION.printServer} label={PRINTER_CONNECTION_LABEL.servidorLocal} />
              <Radio
                value={PRINTER_CONNECTION.browser}
                label={PRINTER_CONNECTION_LABEL.navegador}
                description="Ligada por cabo USB (ou Bluetooth) ao tablet do painel; conecte-a no tablet em Menu do painel › Impressora USB. Chrome ou Edge."
              />
            </Stack>
          </Radio.Group>
          {network && (
            <Group grow align="flex-start">
              <TextInput label="Endereço na rede" placeholder="192.168.0.50" required {...form.getInputProps('endereco')} value={form.getValues().endereco ?? ''} />
              <NumberInput label="Porta" min={1} max={65535} allowDecimal={false} {...form.getInputProps('porta')} value={form.getValues().porta ?? ''} />
            </Group>
          )}
          <Radio.Group
            label="Papel"
            description="A largura do papel e quantos caracteres cabem numa linha (veja no teste de impressão da impressora)."
            required
            {...form.getInputProps('papel')}
          >
            <Stack gap="xs" mt={6}>
              {PAPER_CHOICES.map((c) => (
                <Radio key={c.value} value={c.value} label={c.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Select
            label="Página de código"
            description="A tabela de caracteres da impressora para os acentos."
            data={CODE_PAGES.map((c) => ({ value: c, label: CODE_PAGE_LABEL[c] }))}
            allowDeselect={false}
            required
            {...form.getInputProps('paginaCodigo')}
          />
          <FormActions onCancel={onClose} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
