/**
 * The pré-conta on the waiter's phone (issue 41): prints the bill on the venue's printer (the print
 * agent's network printer, or the local print server reached from this phone), with the split the
 * bill shows; says in pt-BR what happened, as the board does for tickets.
 */
import { Button, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { preBillRequest } from '../../../../shared/contract/table-bill';
import { BILL_MSG } from '../../../../shared/table-bill';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { postPreBill, sendToLocalPrintServer } from '../api/pre-bill-mutations';

export function PreBillSection({ localId, tableId, parts, disabled }: { localId: string; tableId: string; parts: number; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const print = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const a = await postPreBill(tableId, preBillRequest.parse({ localId, Partes: parts }));
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
      <Button size="lg" mih={48} fullWidth variant="outline" color="dark" loading={busy} disabled={disabled} onClick={() => void print()}>
        Imprimir pré-conta
      </Button>
      {status ? (
        <Text size="sm" mt={6} fw={600} c={status.ok ? 'green.9' : 'red.9'} role="status" data-testid="pre-bill-status">
          {status.text}
        </Text>
      ) : null}
    </Paper>
  );
}
