import { Alert, InputBase, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import type { AddressLocal } from '../../../../shared/contract/food-config';
import { addressAfterCepLookup, cepDigits, FOOD_CONFIG_MSG, isCompleteCep, parseCoordinate } from '../../../../shared/food-config';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { foodConfigQueries, lookupCep, saveAddress } from '../api/food-config-api';
import { Locked } from './locked';
import { FormActions } from '../../../components/form-actions';

interface AddressValues {
  cep: string;
  stateId: number | null;
  cityId: number | null;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  latitude: string;
  longitude: string;
}

/** Fields whose change moves the venue: its old coordinates no longer apply. */
const LOCATION_FIELDS: ReadonlyArray<keyof AddressValues> = ['cep', 'stateId', 'cityId', 'endereco', 'numero'];

const fromServer = (a: AddressLocal): AddressValues => ({
  cep: a.CEP,
  stateId: a.stateId,
  cityId: a.cityId,
  endereco: a.endereco,
  numero: a.numero,
  complemento: a.complemento,
  bairro: a.bairro,
  latitude: (a.latitude ?? '').replace('.', ','),
  longitude: (a.longitude ?? '').replace('.', ','),
});

type Lookup = { state: 'idle' } | { state: 'busy' } | { state: 'found' } | { state: 'failed'; message: string };

/**
 * Address of the location (spec 000 §3): a complete 8-digit CEP is looked up through the server's
 * postal-code adapter and fills state, city, street and neighbourhood; when the lookup fails the
 * fields stay editable and the form says so. Changing the address is an administrator parameter.
 */
export function AddressForm({ localId, initial, canUnlock }: { localId: string; initial: AddressLocal; canUnlock: boolean }) {
  const queryClient = useQueryClient();
  const [v, setV] = useState<AddressValues>(() => fromServer(initial));
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [errors, setErrors] = useState<Partial<Record<keyof AddressValues, string>>>({});
  const lastLooked = useRef(cepDigits(initial.CEP));
  const aborter = useRef<AbortController | null>(null);
  const states = useQuery(foodConfigQueries.states());
  const cities = useQuery(foodConfigQueries.cities(v.stateId));
  const locked = !canUnlock;
  // A change that moves the venue clears the coordinates shown, so old ones are never saved with a new address.
  const set = (patch: Partial<AddressValues>) =>
    setV((old) => {
      const next = { ...old, ...patch };
      const moved = LOCATION_FIELDS.some((f) => f in patch && patch[f] !== old[f]);
      return moved && !('latitude' in patch) ? { ...next, latitude: '', longitude: '' } : next;
    });

  const runLookup = async (cep: string) => {
    aborter.current?.abort();
    const ctrl = new AbortController();
    aborter.current = ctrl;
    setLookup({ state: 'busy' });
    try {
      const found = await lookupCep(cep, ctrl.signal);
      if (ctrl.signal.aborted) return;
      setV((old) => ({ ...addressAfterCepLookup(old, found), latitude: '', longitude: '' }));
      setErrors({});
      setLookup({ state: 'found' });
    } catch (err) {
      if (ctrl.signal.aborted) return;
      const message = err instanceof ApiError && err.status === 404 ? FOOD_CONFIG_MSG.cepNotFound : FOOD_CONFIG_MSG.cepUnavailable;
      setV((old) => ({ ...addressAfterCepLookup(old, null), latitude: '', longitude: '' }));
      setLookup({ state: 'failed', message });
    }
  };

  const onCep = (digits: string) => {
    set({ cep: digits });
    if (isCompleteCep(digits) && digits !== lastLooked.current) {
      lastLooked.current = digits;
      void runLookup(digits);
    } else if (!isCompleteCep(digits)) {
      lastLooked.current = '';
      setLookup({ state: 'idle' });
    }
  };

  const save = useMutation({
    mutationFn: () => {
      const state = states.data?.find((s) => s.id === v.stateId);
      const city = cities.data?.find((c) => c.id === v.cityId);
      return saveAddress({
        localId,
        endereco: v.endereco,
        numero: v.numero,
        complemento: v.complemento,
        bairro: v.bairro,
        cep: v.cep,
        cityId: v.cityId,
        stateName: state?.sigla ?? '',
        cityName: city?.nome ?? '',
        latitude: v.latitude.trim() || null,
        longitude: v.longitude.trim() || null,
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(foodConfigQueries.address(localId).queryKey, saved);
      setV(fromServer(saved));
      void toastSuccess(FOOD_CONFIG_MSG.addressSaved);
    },
    onError: (err) => {
      void toastError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : FOOD_CONFIG_MSG.addressFailed);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Partial<Record<keyof AddressValues, string>> = {};
    if (!isCompleteCep(v.cep)) problems.cep = FOOD_CONFIG_MSG.cepInvalid;
    if (v.stateId == null) problems.stateId = FOOD_CONFIG_MSG.stateRequired;
    if (v.cityId == null) problems.cityId = FOOD_CONFIG_MSG.cityRequired;
    if (v.latitude.trim() && parseCoordinate(v.latitude, 90) === null) problems.latitude = FOOD_CONFIG_MSG.latitudeInvalid;
    if (v.longitude.trim() && parseCoordinate(v.longitude, 180) === null) problems.longitude = FOOD_CONFIG_MSG.longitudeInvalid;
    setErrors(problems);
    if (Object.keys(problems).length) {
      void toastError(Object.values(problems)[0]!);
      return;
    }
    save.mutate();
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" id="endereco" aria-labelledby="endereco-title">
      <form onSubmit={submit} noValidate aria-label="Endereço do estabelecimento">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="endereco-title">
              Endereço
            </Title>
            {locked && (
              <Text size="sm" c="dimmed">
                {FOOD_CONFIG_MSG.lockedField}
              </Text>
            )}
          </div>
          <Locked locked={locked}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <InputBase
                  label="CEP"
                  component={IMaskInput}
                  mask="00000-000"
                  unmask
                  value={v.cep}
                  onAccept={(digits: string) => onCep(digits)}
                  inputMode="numeric"
                  placeholder="00000-000"
                  withAsterisk
                  disabled={locked}
                  error={errors.cep}
                  description={lookup.state === 'busy' ? 'Buscando endereço…' : lookup.state === 'found' ? 'Endereço encontrado pelo CEP.' : undefined}
                />
                <Select
                  label="Estado"
                  data={(states.data ?? []).map((s) => ({ value: String(s.id), label: `${s.nome} (${s.sigla})` }))}
                  value={v.stateId == null ? null : String(v.stateId)}
                  onChange={(id) => set({ stateId: id == null ? null : Number(id), cityId: null })}
                  searchable
                  withAsterisk
                  disabled={locked}
                  nothingFoundMessage="Nenhum estado encontrado"
                  error={errors.stateId}
                />
                <Select
                  label="Cidade"
                  data={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
                  value={v.cityId == null ? null : String(v.cityId)}
                  onChange={(id) => set({ cityId: id == null ? null : Number(id) })}
                  searchable
                  limit={200}
                  withAsterisk
                  disabled={locked || v.stateId == null}
                  placeholder={v.stateId == null ? 'Escolha o estado' : undefined}
                  nothingFoundMessage="Nenhuma cidade encontrada"
                  error={errors.cityId}
                />
              </SimpleGrid>
              {lookup.state === 'failed' && (
                <Alert color="yellow" role="alert" data-testid="cep-failed">
                  {lookup.message}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Endereço" value={v.endereco} onChange={(e) => set({ endereco: e.currentTarget.value })} maxLength={200} disabled={locked} />
                <TextInput label="Número" value={v.numero} onChange={(e) => set({ numero: e.currentTarget.value })} maxLength={20} disabled={locked} />
                <TextInput label="Complemento" value={v.complemento} onChange={(e) => set({ complemento: e.currentTarget.value })} maxLength={100} disabled={locked} />
                <TextInput label="Bairro" value={v.bairro} onChange={(e) => set({ bairro: e.currentTarget.value })} maxLength={100} disabled={locked} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Latitude" description="Graus decimais, ex.: -23,5558" value={v.latitude} inputMode="decimal"
                  onChange={(e) => set({ latitude: e.currentTarget.value })} maxLength={20} disabled={locked} error={errors.latitude} />
                <TextInput label="Longitude" description="Graus decimais, ex.: -46,6622" value={v.longitude} inputMode="decimal"
                  onChange={(e) => set({ longitude: e.currentTarget.value })} maxLength={20} disabled={locked} error={errors.longitude} />
              </SimpleGrid>
            </Stack>
          </Locked>
          {!locked && (
            <FormActions submitLabel="Salvar endereço" busy={save.isPending} />
          )}
        </Stack>
      </form>
    </Paper>
  );
}
