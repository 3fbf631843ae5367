/**
 * The pré-conta on the waiter's phone (issue 41): prints the bill on the venue's printer (the print
 * agent's network printer, or the local print server reached from this phone), with the split the
 * bill shows, and says in pt-BR what happened, as the board does for tickets; or shows a QR code of
 * the public bill page, where the customer reads the bill and pays what remains by Pix.
 */
import { Button, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { preBillRequest } from '../../../../shared/contract/table-bill';
import { BILL_MSG } from '../../../../shared/table-bill';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { sendToLocalPrintServer } from '../../../lib/local-print-server';
import { postPreBill } from '../api/pre-bill-mutations';
import { postBillLink } from '../api/public-bill-queries';
import { LinkQrImage } from './qr-image';

/**
 * `people`: the split by items' people (null: not split by items). When the bill is split (equally by
 * 2 or more, or by items), "Pré-conta de" chooses the whole bill or one share/person (branch billend).
 */
export function PreBillSection({ localId, tableId, parts, people, disabled }: { localId: string; tableId: string; parts: number; people: Array<{ Indice: number; Nome: string }> | null; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [whose, setWhose] = useState('');
  const options = [
    { value: '', label: 'Conta inteira' },
    ...(people ? people.map((p) => ({ value: `pessoa:${p.Indice}`, label: p.Nome })) : parts > 1 ? Array.from({ length: parts }, (_, i) => ({ value: `parte:${i + 1}`, label: `Parte ${i + 1} de ${parts}` })) : []),
  ];
  // A choice the split no longer has (N changed, a person removed) falls back to the whole bill.
  const chosen = options.some((o) => o.value === whose) ? whose : '';
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);

  const showQr = async () => {
    setLinkBusy(true);
    try {
      const a = await postBillLink(tableId, localId);
      setLink(`${window.location.origin}${a.Caminho}`);
    } catch (err) {
      void toastError(err instanceof ApiError || err instanceof Error ? err.message : 'Não foi possível gerar o QR code da conta.');
    } finally {
      setLinkBusy(false);
    }
  };

  const print = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const [kind, n] = chosen.split(':');
      const a = await postPreBill(tableId, preBillRequest.parse({ localId, Partes: parts, ...(kind === 'parte' ? { Parte: Number(n) } : kind === 'pessoa' ? { Pessoa: Number(n) } : {}) }));
      const ok = await sendToLocalPrintServer(a);
      const text = ok ? a.Message : BILL_MSG.preBillLocalFailed(a.Impressora);
      setStatus({ ok, text });
      void (ok ? toastSuccess(text) : toastError(text));
    } catch (err) {
      const text = err instanceof ApiError || err instanceof Error ? err.message : 'Não foi possível imprimir. Tente de novo.';
      setStatus({ ok: false, text });
      void toastError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="bill-prebill-title">
      <Title order={2} size="h4" id="bill-prebill-title" mb={6}>
        Pré-conta
      </Title>
      <Stack gap="xs">
        {options.length > 1 ? (
          <NativeSelect size="lg" label="Pré-conta de" data={options} value={chosen} disabled={disabled} onChange={(e) => setWhose(e.currentTarget.value)} data-testid="pre-bill-whose" />
        ) : null}
        <Button size="lg" mih={48} fullWidth variant="outline" color="dark" loading={busy} disabled={disabled} onClick={() => void print()}>
          Imprimir pré-conta
        </Button>
        <Button size="lg" mih={48} fullWidth variant="outline" color="dark" loading={linkBusy} disabled={disabled} onClick={() => void showQr()}>
          QR da conta
        </Button>
      </Stack>
      {status ? (
        <Text size="sm" mt={6} fw={600} c={status.ok ? 'green.9' : 'red.9'} role="status" data-testid="pre-bill-status">
          {status.text}
        </Text>
      ) : null}
      <Modal opened={!!link} onClose={() => setLink(null)} title="QR code da conta" centered>
        {link ? (
          <Stack align="center" gap="sm">
            <Text size="sm">O cliente lê o QR code para ver a conta e pagar o que falta com Pix, sem cadastro.</Text>
            <LinkQrImage text={link} alt="QR code da conta da mesa" size={280} testId="bill-link-qr" />
            <TextInput label="Link da conta" readOnly value={link} w="100%" onFocus={(e) => e.currentTarget.select()} />
            <Button size="lg" mih={48} fullWidth variant="default" onClick={() => setLink(null)}>
              Fechar
            </Button>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
