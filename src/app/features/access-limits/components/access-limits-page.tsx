import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCESS_LIMIT_MSG } from '../../../../shared/access-limits';
import type { AccessLimit } from '../../../../shared/contract/access-limits';
import { toastError, toastSuccess } from '../../../lib/toast';
import { accessLimitQueries, addCategoryLimit, removeAllLimits, removeProductLimit } from '../api/access-limit-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';

const TrashIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </svg>
);

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** "Limitações de Acesso" (spec 001 §2.7, §8): which products each operator user may reach. */
export function AccessLimitsPage() {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...accessLimitQueries.list(localId), enabled: Boolean(localId) });
  const users = useQuery({ ...accessLimitQueries.users(localId), enabled: Boolean(localId) });
  const categories = useQuery({ ...accessLimitQueries.categories(localId), enabled: Boolean(localId) });
  const [user, setUser] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ user?: string; category?: string }>({});
  const [busy, setBusy] = useState(false);
  const [dialogFor, setDialogFor] = useState<AccessLimit | null>(null);
  const [dialogCategory, setDialogCategory] = useState<string | null>(null);
  const [removingAll, setRemovingAll] = useState<AccessLimit | null>(null);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessLimitQueries.all });
  const categoryData = (categories.data ?? []).map((c) => ({ value: c.id, label: `${c.nome} (${c.quantidadeProdutos})` }));

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const problems = { user: user ? undefined : ACCESS_LIMIT_MSG.limitUserRequired, category: category ? undefined : ACCESS_LIMIT_MSG.limitCategoryRequired };
    setErrors(problems);
    if (problems.user || problems.category) {
      void toastError((problems.user ?? problems.category)!);
      return;
    }
    setBusy(true);
    try {
      await addCategoryLimit(user!, category!);
      void toastSuccess(ACCESS_LIMIT_MSG.limitUserCreated);
      setUser(null);
      setCategory(null);
      await refresh();
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const confirmCategory = async () => {
    if (!dialogFor) return;
    if (!dialogCategory) {
      void toastError(ACCESS_LIMIT_MSG.limitCategoryRequired);
      return;
    }
    setBusy(true);
    try {
      const r = await addCategoryLimit(dialogFor.userId, dialogCategory);
      void toastSuccess(r.Message);
      setDialogFor(null);
      setDialogCategory(null);
      await refresh();
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const removeOne = async (limit: AccessLimit, productId: string) => {
    try {
      await removeProductLimit(productId, limit.userId);
      void toastSuccess(ACCESS_LIMIT_MSG.limitProductRemoved);
      await refresh();
    } catch {
      void toastError(ACCESS_LIMIT_MSG.limitProductRemoveFailed);
    }
  };

  const removeAll = async () => {
    if (!removingAll) return;
    setBusy(true);
    try {
      const r = await removeAllLimits(removingAll.userId, localId);
      void toastSuccess(r.Message);
      setRemovingAll(null);
      await refresh();
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const limits = list.data ?? [];
  return (
    <Stack maw={1100} mx="auto">
      <Title order={1} size="h2">
        Limitações de Acesso
      </Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={(e) => void create(e)} noValidate>
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Usuário"
              placeholder="Escolha o usuário"
              data={(users.data ?? []).map((u) => ({ value: u.Id, label: u.Nome }))}
              value={user}
              onChange={setUser}
              searchable
              withAsterisk
              error={errors.user}
              style={{ flex: '1 1 240px' }}
            />
            <Select
              label="Categoria"
              placeholder="Escolha a categoria"
              data={categoryData}
              value={category}
              onChange={setCategory}
              searchable
              withAsterisk
              error={errors.category}
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" loading={busy && !dialogFor && !removingAll}>
              Criar
            </Button>
          </Group>
        </form>
      </Paper>

      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : limits.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {ACCESS_LIMIT_MSG.limitsEmpty}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {limits.map((l) => (
            <Card key={l.userId} withBorder radius="md" component="article" aria-label={`Limitações de ${l.username}`} data-testid="limit-card">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text fw={700}>{l.username}</Text>
                    <Text size="sm" c="dimmed">
                      {l.email}
                    </Text>
                  </div>
                  <Badge variant="light" data-testid="limit-count">
                    {l.quantity} {l.quantity === 1 ? 'produto' : 'produtos'}
                  </Badge>
                </Group>
                <Group gap="xs">
                  <Button size="xs" variant="light" color="red" onClick={() => setRemovingAll(l)}>
                    Remover todos
                  </Button>
                  <Button size="xs" variant="light" onClick={() => setDialogFor(l)}>
                    Add por categoria
                  </Button>
                </Group>
                <Stack gap={2} mah={280} style={{ overflowY: 'auto' }}>
                  {l.products.map((p) => (
                    <Group key={p.id} justify="space-between" wrap="nowrap" py={2} data-testid="limit-product">
                      <Text size="sm">{p.product}</Text>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remover ${p.product} de ${l.username}`} onClick={() => void removeOne(l, p.id)}>
                        <TrashIcon />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Modal opened={dialogFor !== null} onClose={() => setDialogFor(null)} title="Limitar acesso de produtos por categoria" centered>
        <Stack>
          <Text size="sm">Usuário: {dialogFor?.username}</Text>
          <Select label="Categoria" placeholder="Escolha a categoria" data={categoryData} value={dialogCategory} onChange={setDialogCategory} searchable withAsterisk comboboxProps={{ withinPortal: true }} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialogFor(null)}>
              Cancelar
            </Button>
            <Button onClick={() => void confirmCategory()} loading={busy}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={removingAll !== null} onClose={() => setRemovingAll(null)} title="Remover todas as limitações" centered>
        <Stack>
          <Text>
            {removingAll?.username} voltará a acessar todos os produtos. Deseja remover todas as limitações deste usuário?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemovingAll(null)}>
              Cancelar
            </Button>
            <Button color="red" onClick={() => void removeAll()} loading={busy}>
              Remover todos
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
