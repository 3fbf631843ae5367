import { ActionIcon, Box, Button, FileInput, Group, Image, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Table, TagsInput, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { IMAGE_TYPES, normalizeText, validateImage } from '../../../../shared/products';
import { canAddSector, isTime, validateStore, WEEKDAYS } from '../../../../shared/stores';
import type { Store, StoreSaveRequest } from '../../../../shared/contract/stores';
import { readAsDataUrl } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { storeQueries } from '../api/store-queries';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { FormActions } from '../../../components/form-actions';

interface Day {
  key: string;
  DayOfWeek: number;
  StartHour: string;
  EndHour: string;
}

interface FormState {
  name: string;
  image: string | null;
  order: number;
  users: string[];
  categories: string[];
  sectors: Array<{ key: string; name: string; locationId: string | null }>;
  days: Day[];
}

function initial(store: Store | null, nextOrder: number): FormState {
  return {
    name: store?.Name ?? '',
    image: store?.ImageUrl ?? null,
    order: store?.Order ?? nextOrder,
    users: store?.Users.map((u) => u.Id) ?? [],
    categories: store?.StoreCategories.map((c) => c.Name) ?? [],
    sectors: store?.Sectors.map((s) => ({ key: s.Id, name: s.Name, locationId: s.LocationId })) ?? [],
    days: store?.AvailableDay.map((d) => ({ ...d, key: crypto.randomUUID() })) ?? [],
  };
}


/**
 * Add or edit a store (spec 000 "Store registration"): image, name, position, access users,
 * categories, sectors (only with a non-blank name) and the weekly availability table.
 */
export function StoreFormModal({ opened, store, localId, nextOrder, onClose, onSave }: {
  opened: boolean;
  store: Store | null;
  localId: string;
  nextOrder: number;
  onClose: () => void;
  onSave: (body: StoreSaveRequest) => Promise<void>;
}) {
  const [f, setF] = useState<FormState>(() => initial(store, nextOrder));
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [sector, setSector] = useState('');
  const [day, setDay] = useState<{ d: string | null; start: string; end: string }>({ d: null, start: '', end: '' });
  const [busy, setBusy] = useState(false);
  const users = useQuery({ ...storeQueries.users(localId), enabled: opened && Boolean(localId) });
  const categories = useQuery({ ...storeQueries.categories(localId), enabled: opened && Boolean(localId) });

  useEffect(() => {
    if (opened) {
      setF(initial(store, nextOrder));
      setFile(null);
      setImageError(null);
      setNameError(null);
      setSector('');
    }
  }, [opened, store, nextOrder]);

  const pickImage = async (picked: File | null) => {
    setFile(picked);
    setImageError(null);
    if (!picked) return;
    const problem = validateImage({ size: picked.size, type: picked.type });
    if (problem) {
      setImageError(problem);
      setFile(null);
      void toastError(problem);
      return;
    }
    const url = await readAsDataUrl(picked);
    setF((o) => ({ ...o, image: url }));
  };

  const addSector = () => {
    if (!canAddSector(sector)) return;
    setF((o) => ({ ...o, sectors: [...o.sectors, { key: crypto.randomUUID(), name: sector.trim(), locationId: null }] }));
    setSector('');
  };

  const dayProblem = day.d !== null && isTime(day.start) && isTime(day.end) && day.start > day.end ? 'Hora inicial não pode ser maior que hora final' : null;
  const canAddDay = day.d !== null && isTime(day.start) && isTime(day.end) && !dayProblem;
  const addDay = () => {
    if (!canAddDay) return;
    setF((o) => ({
      ...o,
      days: [...o.days, { key: crypto.randomUUID(), DayOfWeek: Number(day.d), StartHour: day.start, EndHour: day.end }].sort(
        (a, b) => a.DayOfWeek - b.DayOfWeek || a.StartHour.localeCompare(b.StartHour),
      ),
    }));
    setDay({ d: null, start: '', end: '' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const availableDay = f.days.map(({ DayOfWeek, StartHour, EndHour }) => ({ DayOfWeek, StartHour, EndHour }));
    const problem = validateStore({ name: f.name, availableDay });
    setNameError(problem && !f.name.trim() ? problem : null);
    if (problem) {
      void toastError(problem);
      return;
    }
    const known = new Map((categories.data ?? []).map((c) => [normalizeText(c.Name), c.Id]));
    const userNames = new Map((users.data ?? []).map((u) => [u.Id, u.Nome]));
    setBusy(true);
    try {
      await onSave({
        id: store?.Id,
        ownerId: localId,
        name: f.name.trim(),
        // Unchanged image: its current address; a new one: base64 (spec 000 Store payload).
        image: f.image,
        order: f.order,
        users: f.users.map((id) => ({ id, nome: userNames.get(id) ?? '' })),
        storeCategories: f.categories.map((name) => {
          const id = known.get(normalizeText(name));
          return id ? { id, name } : { id: null, name };
        }),
        sectors: f.sectors.map((s) => ({ name: s.name, locationId: s.locationId })),
        availableDay,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={store ? 'Editar loja' : 'Nova loja'} size="xl" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Group align="flex-start" wrap="nowrap">
            <Box w={96} h={96} style={{ flex: 'none', borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
              {f.image ? <Image src={f.image} alt="Pré-visualização da imagem da loja" w={96} h={96} fit="cover" /> : <Text size="xs" c="dimmed" ta="center" pt={36}>Sem imagem</Text>}
            </Box>
            <FileInput
              label="Imagem"
              placeholder="Escolher imagem"
              accept={IMAGE_TYPES.join(',')}
              value={file}
              onChange={(p) => void pickImage(p)}
              clearable
              error={imageError ?? undefined}
              description="PNG, JPG, WEBP ou GIF de até 5 MB"
              style={{ flex: 1 }}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nome" value={f.name} onChange={(e) => {
              const v = e.currentTarget.value;
              setF((o) => ({ ...o, name: v }));
            }} withAsterisk error={nameError ?? undefined} maxLength={120} data-autofocus />
            <NumberInput label="Posição" value={f.order} onChange={(v) => setF((o) => ({ ...o, order: typeof v === 'number' ? v : 0 }))} min={0} allowDecimal={false} allowNegative={false} />
          </SimpleGrid>
          <MultiSelect
            label="Usuários com acesso"
            data={(users.data ?? []).map((u) => ({ value: u.Id, label: u.Nome }))}
            value={f.users}
            onChange={(v) => setF((o) => ({ ...o, users: v }))}
            searchable
            placeholder={f.users.length ? undefined : 'Escolha os usuários'}
            comboboxProps={{ withinPortal: true }}
          />
          <TagsInput
            label="Categorias"
            description="Escolha as categorias ou digite uma nova e tecle Enter."
            data={(categories.data ?? []).map((c) => c.Name)}
            value={f.categories}
            onChange={(v) => setF((o) => ({ ...o, categories: v }))}
            comboboxProps={{ withinPortal: true }}
          />

          <Stack gap="xs">
            <Title order={3} size="h5">
              Setores
            </Title>
            <Group align="flex-end">
              <TextInput label="Nome do setor" value={sector} onChange={(e) => setSector(e.currentTarget.value)} style={{ flex: 1 }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addSector();
                  }
                }} />
              <Button variant="light" onClick={addSector} disabled={!canAddSector(sector)} leftSection={<PlusIcon />}>
                Adicionar setor
              </Button>
            </Group>
            {f.sectors.length === 0 ? (
              <Text size="sm" c="dimmed">Nenhum setor cadastrado.</Text>
            ) : (
              <Group gap="xs">
                {f.sectors.map((s) => (
                  <Group key={s.key} gap={4} px="sm" py={4} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 16 }} data-testid="sector-chip">
                    <Text size="sm">{s.name}</Text>
                    <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remover setor ${s.name}`} onClick={() => setF((o) => ({ ...o, sectors: o.sectors.filter((x) => x.key !== s.key) }))}>
                      <TrashIcon />
                    </ActionIcon>
                  </Group>
                ))}
              </Group>
            )}
          </Stack>

          <Stack gap="xs">
            <Title order={3} size="h5">
              Disponibilidade semanal
            </Title>
            <Group align="flex-end" wrap="wrap">
              <Select label="Dia da semana" data={WEEKDAYS.map((w, i) => ({ value: String(i), label: w }))} value={day.d} onChange={(d) => setDay((o) => ({ ...o, d }))} w={160} comboboxProps={{ withinPortal: true }} />
              <TextInput label="Início" type="time" value={day.start} onChange={(e) => {
                const v = e.currentTarget.value;
                setDay((o) => ({ ...o, start: v }));
              }} w={130} />
              <TextInput label="Fim" type="time" value={day.end} onChange={(e) => {
                const v = e.currentTarget.value;
                setDay((o) => ({ ...o, end: v }));
              }} w={130} error={dayProblem ?? undefined} />
              <Button variant="light" onClick={addDay} disabled={!canAddDay} leftSection={<PlusIcon />}>
                Adicionar horário
              </Button>
            </Group>
            <Table aria-label="Disponibilidade semanal" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dia</Table.Th>
                  <Table.Th>Início</Table.Th>
                  <Table.Th>Fim</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {f.days.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed">Nenhum horário cadastrado.</Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  f.days.map((d) => (
                    <Table.Tr key={d.key}>
                      <Table.Td>{WEEKDAYS[d.DayOfWeek]}</Table.Td>
                      <Table.Td>{d.StartHour}</Table.Td>
                      <Table.Td>{d.EndHour}</Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`Remover horário de ${WEEKDAYS[d.DayOfWeek]} ${d.StartHour}`} onClick={() => setF((o) => ({ ...o, days: o.days.filter((x) => x.key !== d.key) }))}>
                          <TrashIcon />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Stack>

          <FormActions onCancel={onClose} cancelDisabled={busy} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
