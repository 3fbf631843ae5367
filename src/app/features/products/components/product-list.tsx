import { ActionIcon, Alert, Avatar, Badge, Button, Group, Pagination, Paper, Select, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PRODUCT_MSG, PRODUCT_PAGE_SIZE, PRODUCT_TYPE_LABELS } from '../../../../shared/products';
import { formatBRL } from '../../../../shared/format';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { setProductForSale } from '../api/product-api';
import { productQueries, type ProductListFilters } from '../api/product-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { useOnline } from '../../../lib/use-online';
import { SavedListNotice } from '../../../components/saved-list-notice';
import { EditIcon, PlusIcon, SearchIcon } from '../../../components/icons';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';
import { pageControlLabel } from '../../../components/pager';

export interface ProductListSearch {
  pagina?: number;
  busca?: string;
  categoriaId?: string;
  tipo?: number;
}

const typeOptions = Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The product list (the spec leaves it to the legacy portal): search, category and type filters
 * reflected in the URL, 20 per page from the server, enable/disable for sale, edit, new.
 */
export function ProductList({ search, onSearch }: { search: ProductListSearch; onSearch: (s: ProductListSearch) => void }) {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const filters: ProductListFilters = { pagina: search.pagina ?? 1, busca: search.busca, categoriaId: search.categoriaId, tipo: search.tipo };
  const list = useQuery({ ...productQueries.list(localId, filters), enabled: Boolean(localId) });
  const categories = useQuery({ ...productQueries.categories(localId), enabled: Boolean(localId) });
  const online = useOnline();
  const [text, setText] = useState(search.busca ?? '');
  const [pending, setPending] = useState<Record<string, boolean>>({});
  useEffect(() => setText(search.busca ?? ''), [search.busca]);
  const pushSearch = useDebouncedCallback((busca: string) => onSearch({ ...search, busca: busca.trim() || undefined, pagina: undefined }), 300);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver os produtos.</Alert>;

  const toggle = async (id: string, on: boolean) => {
    setPending((p) => ({ ...p, [id]: on }));
    try {
      const r = await setProductForSale(id, on);
      void toastSuccess(r.Message);
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending((p) => {
        const { [id]: _, ...rest } = p;
        return rest;
      });
    }
  };

  const total = list.data?.QuantidadeTotal ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
  const filtered = Boolean(search.busca || search.categoriaId || search.tipo);
  // Offline: a failed request that never reached the server, or the browser saying so. Without a
  // saved page the list says it is offline (never "Nenhum produto encontrado"); with one it says
  // since when the page shown was saved.
  const networkDown = !online || (list.error instanceof ApiError && list.error.isNetwork);
  const offlineWithoutData = networkDown && !list.data && !list.isPending;
  return (
    <Stack>
      <TitleRow title="Produtos">
        <Button component={Link} to="/produtos/produto/cadastro" leftSection={<PlusIcon />}>
          Novo produto
        </Button>
      </TitleRow>
      <Paper withBorder p="sm" radius="md">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            pushSearch.flush?.();
            onSearch({ ...search, busca: text.trim() || undefined, pagina: undefined });
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Buscar"
              placeholder="Nome, código interno ou código de barras"
              leftSection={<SearchIcon />}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                pushSearch(e.currentTarget.value);
              }}
              style={{ flex: '1 1 260px' }}
            />
            <Select
              label="Categoria"
              placeholder="Todas"
              data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.nome }))}
              value={search.categoriaId ?? null}
              onChange={(v) => onSearch({ ...search, categoriaId: v ?? undefined, pagina: undefined })}
              clearable
              searchable
              w={220}
            />
            <Select
              label="Tipo"
              placeholder="Todos"
              data={typeOptions}
              value={search.tipo ? String(search.tipo) : null}
              onChange={(v) => onSearch({ ...search, tipo: v ? Number(v) : undefined, pagina: undefined })}
              clearable
              w={220}
            />
          </Group>
        </form>
      </Paper>

      <SavedListNotice query={list} testId="product-list-offline" />
      {list.isError && !networkDown && <Alert color="red">{list.error.message}</Alert>}
      {offlineWithoutData ? (
        <Paper withBorder p="xl" radius="md" data-testid="product-list-offline">
          <Stack align="center">
            <Title order={2} size="h4">
              Sem conexão
            </Title>
            <Text c="dimmed" ta="center">
              Não foi possível carregar os produtos porque este aparelho está sem conexão. A lista aparece assim que a conexão voltar.
            </Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Paper>
      ) : list.isPending ? (
        <Stack gap="xs" data-testid="product-list-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={48} />
          ))}
        </Stack>
      ) : total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center">
            <Text c="dimmed">{PRODUCT_MSG.productsEmpty}</Text>
            {filtered ? (
              <Button variant="light" onClick={() => onSearch({})}>
                Limpar filtros
              </Button>
            ) : (
              <Button component={Link} to="/produtos/produto/cadastro">
                Cadastrar produto
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          <DataTable minWidth={720} stickyHeader highlightOnHover aria-label="Produtos" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} head={[{ label: 'Foto', hidden: true, w: 56 }, 'Nome', 'Categoria', 'Tipo', { label: 'Valor', ta: 'right' }, 'À venda', { label: 'Ações', hidden: true }]}>
            {(list.data?.Registros ?? []).map((p) => {
              const on = pending[p.id] ?? p.ativo;
              return (
                <Table.Tr key={p.id} data-testid="product-row">
                  <Table.Td>
                    <Avatar src={p.foto} alt="" radius="sm">
                      {p.nome.slice(0, 1)}
                    </Avatar>
                  </Table.Td>
                  <Table.Td fw={500}>{p.nome}</Table.Td>
                  <Table.Td>{p.categoria ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.tipo === 1 ? 'gray' : 'orange'}>
                      {PRODUCT_TYPE_LABELS[p.tipo] ?? p.tipo}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatBRL(p.valor)}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={on}
                      disabled={p.id in pending}
                      onChange={(e) => void toggle(p.id, e.currentTarget.checked)}
                      aria-label={`Habilitar ${p.nome} para venda`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Editar ${p.nome}`}
                      renderRoot={(props) => <Link {...props} to="/produtos/produto/editar/{-$productId}" params={{ productId: p.id }} />}
                    >
                      <EditIcon />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {total} {total === 1 ? 'produto' : 'produtos'}
            </Text>
            <Pagination total={pages} value={filters.pagina} onChange={(pagina) => onSearch({ ...search, pagina: pagina > 1 ? pagina : undefined })} getControlProps={pageControlLabel} />
          </Group>
        </>
      )}
    </Stack>
  );
}
