import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACC_MSG, digitsOnly, showPhone, showZip } from '../../../../shared/accreditation';
import { adminCall } from '../../../lib/admin-call';
import { toastSuccess } from '../../../lib/toast';
import { useCommandKey } from '../../../lib/command-key';
import { accreditationQueries, addMcc, fetchMcc } from '../api/accreditation-queries';
import { useSession } from '../hooks/use-session';
import { Facts } from './facts';
import { QueryState } from './query-state';
import { PageHeader, showDocument } from './page-header';

const yesNo = (b: boolean) => (b ? 'Sim' : 'Não');

/** "Dados do lojista e MCC" (spec 001 §2.15, §4): merchant data; missing MCC → fetch; none found → manual input with Save. */
export function MerchantMccPage() {
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const queryClient = useQueryClient();
  const merchant = useQuery({ ...accreditationQueries.merchant(localId), enabled: Boolean(localId) });
  const [notFound, setNotFound] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [mcc, setMcc] = useState('');
  const [mccError, setMccError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fetchIntent = useCommandKey();
  const addIntent = useCommandKey();
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accreditationQueries.merchant(localId).queryKey });

  const fetchIt = async () => {
    setFetching(true);
    const r = await adminCall(() => fetchMcc(localId, fetchIntent.keyFor(localId)));
    if (r) fetchIntent.done();
    setFetching(false);
    if (!r) return;
    if (r.Mcc) {
      void toastSuccess(ACC_MSG.mccFound);
      await refresh();
    } else setNotFound(localId);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}$/.test(mcc)) return setMccError(ACC_MSG.mccInvalid);
    setMccError(null);
    setSaving(true);
    const r = await adminCall(() => addMcc(localId, Number(mcc), addIntent.keyFor({ localId, mcc })));
    if (r) addIntent.done();
    setSaving(false);
    if (r) {
      void toastSuccess(r.Message);
      setNotFound(null);
      setMcc('');
      await refresh();
    }
  };
  return (
    <Stack maw={1000} mx="auto">
      <PageHeader title="Dados do lojista e MCC" />
      <QueryState query={merchant} h={260} empty={ACC_MSG.noData}>
        {(m) => (
          <>
            <Facts cols={{ base: 1, sm: 3 }} facts={[
              ['Nome', m.Name],
              ['Razão social', m.FullName],
              ['Documento', showDocument(m.Document)],
              ['Merchant Id', m.MerchantId || '-'],
              ['Telefone', m.Telephone ? showPhone(m.Telephone) : '-'],
              ['Endereço', m.Address || '-'],
              ['Cidade', `${m.City}${m.UF ? ` - ${m.UF}` : ''}`],
              ['CEP', m.ZipCode ? showZip(m.ZipCode) : '-'],
              ['País', m.Country === 'BR' ? 'Brasil' : m.Country],
              ['Feature flag', yesNo(m.IsFeatureFlag)],
              ['Subcredenciado totem', yesNo(m.IsTotemPagSeguroSub)],
              ['Subcredenciado POS', yesNo(m.IsPosPagSeguroSub)],
            ]} />
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  MCC
                </Title>
                {m.Mcc ? (
                  <Text fw={700} size="xl" data-testid="mcc-value">
                    {m.Mcc}
                  </Text>
                ) : notFound === localId ? (
                  <form onSubmit={(e) => void save(e)} noValidate>
                    <Stack gap="xs">
                      <Text>{ACC_MSG.mccNotFound}</Text>
                      <Group align="flex-start">
                        <TextInput label="MCC" withAsterisk inputMode="numeric" maxLength={4} value={mcc} error={mccError}
                          onChange={(e) => setMcc(digitsOnly(e.currentTarget.value).slice(0, 4))} />
                        <Button type="submit" mt={25} loading={saving}>
                          Salvar
                        </Button>
                      </Group>
                    </Stack>
                  </form>
                ) : (
                  <Group>
                    <Text>Este lojista ainda não tem MCC.</Text>
                    <Button onClick={() => void fetchIt()} loading={fetching}>
                      Buscar MCC
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
