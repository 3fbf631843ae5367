import { Alert, Badge, Button, FileInput, Modal, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CARD_PHOTO_MAX_BYTES, CASHLESS_MSG, isValidDocument, maskCpf, onlyDigits } from '../../../../shared/cashless';
import type { CreditCard } from '../../../../shared/contract/cashless';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { cashlessQueries, verifyCard } from '../api/cashless-queries';
import { useSession, useTitle } from '../hooks/use-session';
import { DataTable } from '../../../components/data-table';
import { FormActions } from '../../../components/form-actions';
import { TitleRow } from '../../../components/title-row';
import { SearchPanel } from '../../../components/search-panel';

/** Whether the first bytes are a JPEG, PNG or WebP (the server checks again). */
async function isImage(file: File): Promise<boolean> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  return (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || (b[0] === 0x89 && ascii(1, 4) === 'PNG') || (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP');
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error(CASHLESS_MSG.photoInvalid));
    r.readAsDataURL(file);
  });

function VerifyModal({ card, onClose, onDone }: { card: CreditCard | null; onClose: () => void; onDone: () => void }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPhoto(null);
    setError(null);
    onClose();
  };
  const choose = async (f: File | null) => {
    setPhoto(null);
    setError(null);
    if (!f) return;
    if (f.size > CARD_PHOTO_MAX_BYTES) return setError(CASHLESS_MSG.fileTooLarge(5));
    if (!(await isImage(f))) return setError(CASHLESS_MSG.photoInvalid);
    setPhoto(f);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!card) return;
    if (!photo) return setError(error ?? CASHLESS_MSG.photoRequired);
    setBusy(true);
    try {
      const r = await verifyCard(card.cardId, await readDataUrl(photo));
      void toastSuccess(r.Message);
      onDone();
      close();
    } catch (err) {
      // The photo's own problems come from the server's checks; anything else is the spec's failure.
      const message = err instanceof ApiError && (err.status === 413 || err.message === CASHLESS_MSG.photoInvalid) ? err.message : CASHLESS_MSG.cardVerifyFailed;
      setError(message);
      void toastError(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={card !== null} onClose={close} title="Validar cartão" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">
            Cartão final {card?.finalNumber} de {card?.holderName}. Envie uma foto do documento do titular (JPEG, PNG ou WebP, até 5 MB).
          </Text>
          <FileInput label="Foto do documento" accept="image/jpeg,image/png,image/webp" value={photo} onChange={(f) => void choose(f)} error={error} withAsterisk clearable />
          <FormActions onCancel={close} submitLabel="Validar" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}

/** "Verificar cartão de crédito" (spec 001 §2.10): search by CPF, the cards, Validar with a photo. */
export function CardVerificationPage() {
  useTitle('Verificar cartão de crédito');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const queryClient = useQueryClient();
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  const [validating, setValidating] = useState<CreditCard | null>(null);
  const verifier = useQuery(cashlessQueries.verifier());
  const cards = useQuery({ ...cashlessQueries.cards(localId, searched ?? ''), enabled: Boolean(localId && searched) });
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;

  const search = (e: FormEvent) => {
    e.preventDefault();
    const digits = onlyDigits(cpf);
    if (digits.length !== 11 || !isValidDocument(digits)) {
      setCpfError(CASHLESS_MSG.cpfInvalid);
      return;
    }
    setCpfError(null);
    setSearched(digits);
  };
  return (
    <Stack maw={900} mx="auto">
      <TitleRow title="Verificar cartão de crédito" align="center">
        {verifier.data?.sandbox && (
          <Badge color="orange" variant="light" size="lg" title="Nenhum serviço de verificação configurado: as respostas vêm do ambiente de testes.">
            Verificação: sandbox
          </Badge>
        )}
      </TitleRow>
      {verifier.data?.notConfigured && (
        <Alert color="red" variant="light" title="Verificação de cartões: não configurado">
          {verifier.data.notConfigured}
        </Alert>
      )}
      <SearchPanel label="Buscar cartões por CPF" onSubmit={search} noValidate>
        <TextInput label="CPF" placeholder="999.999.999-99" inputMode="numeric" value={cpf} onChange={(e) => setCpf(maskCpf(e.currentTarget.value))} error={cpfError} withAsterisk style={{ flex: '1 1 220px' }} />
        <Button type="submit" mt={25}>
          Buscar
        </Button>
      </SearchPanel>
      {searched &&
        (cards.isError ? (
          <Alert color="red">{cards.error.message}</Alert>
        ) : cards.isPending ? (
          <Skeleton h={120} />
        ) : cards.data.length === 0 ? (
          <Paper withBorder p="xl">
            <Text c="gray.7" ta="center">
              {CASHLESS_MSG.noCards}
            </Text>
          </Paper>
        ) : (
          <DataTable minWidth={520} stickyHeader aria-label="Cartões de crédito" head={['Titular', 'Final', 'Ativo', 'Ação']}>
            {cards.data.map((c) => (
              <Table.Tr key={c.cardId} data-testid="card-row">
                <Table.Td>{c.holderName}</Table.Td>
                <Table.Td>{c.finalNumber}</Table.Td>
                <Table.Td>{c.isActive ? 'Sim' : 'Não'}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" mih={36} variant="light" onClick={() => setValidating(c)} aria-label={`Validar cartão final ${c.finalNumber}`}>
                    Validar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        ))}
      <VerifyModal card={validating} onClose={() => setValidating(null)} onDone={() => void queryClient.invalidateQueries({ queryKey: cashlessQueries.all })} />
    </Stack>
  );
}
