import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { customerCategoryInput, type CustomerCategoryRow } from '../../../../shared/contract/customer-categories';
import { CUSTOMER_CATEGORY_MAX, CUSTOMER_CATEGORY_MSG as M } from '../../../../shared/customer-categories';
import { MANAGER_ROLES } from '../../../../shared/permissions';
import { hasAccess } from '../../../../shared/roles';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { RegistryList } from '../../../components/registry-list';
import { useRegistryDialogs } from '../../../components/use-registry-dialogs';
import { apiFieldErrors, schemaErrors } from '../../../lib/form-errors';
import { usePageTitle, useSession } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { customerCategoryQueries, deleteCustomerCategory, saveCustomerCategory } from '../api/customer-category-queries';

/** /cadastro/categoriaClientes: the categories the customer registry files people under (issue 24). */
export function CustomerCategoriesPage() {
  usePageTitle('Categorias de clientes');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const canEdit = hasAccess(session?.roles ?? '', MANAGER_ROLES);
  const queryClient = useQueryClient();
  const list = useQuery({ ...customerCategoryQueries.list(localId), enabled: Boolean(localId) });
  // The customers screen lists categories too: both lists are refreshed.
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: customerCategoryQueries.all }), queryClient.invalidateQueries({ queryKey: ['customers', 'categories'] })]);

  const { editing, setEditing, deleting, setDeleting, busy, remove, saved } = useRegistryDialogs<CustomerCategoryRow>((row) => deleteCustomerCategory(row.id), refresh);

  return (
    <RegistryList
      title="Categorias de clientes"
      intro={
        <>
          Agrupe os clientes (por exemplo: VIP, Funcionário) para filtrá-los em <Link to="/cadastro/clientes">Clientes</Link>.
        </>
      }
      addLabel="Nova categoria"
      emptyText={M.empty}
      rows={list.data}
      loading={Boolean(localId) && list.isPending}
      error={!localId ? 'Escolha um estabelecimento para ver as categorias de clientes.' : list.isError ? list.error.message : null}
      rowName={(r) => `categoria ${r.descricao}`}
      columns={[
        { header: 'Descrição', cell: (r) => r.descricao },
        { header: 'Clientes', cell: (r) => r.quantidadeClientes },
      ]}
      onAdd={canEdit && localId ? () => setEditing('new') : undefined}
      onEdit={canEdit ? setEditing : undefined}
      onDelete={canEdit ? setDeleting : undefined}
    >
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Nova categoria de cliente' : 'Editar categoria de cliente'} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        {editing !== null && (
          <CategoryForm
            localId={localId}
            category={editing === 'new' ? null : editing}
            onSaved={saved}
          />
        )}
      </Modal>
      <ConfirmDelete
        opened={Boolean(deleting)}
        title="Excluir categoria de cliente"
        question={M.deleteQuestion}
        note={deleting ? M.deleteNote(deleting.quantidadeClientes) : ''}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </RegistryList>
  );
}

function CategoryForm({ localId, category, onSaved }: { localId: string; category: CustomerCategoryRow | null; onSaved: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { descricao: category?.descricao ?? '' },
    validate: (v) => schemaErrors(customerCategoryInput, { localClienteId: localId, descricao: v.descricao }),
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const r = await saveCustomerCategory({ localClienteId: localId, descricao: v.descricao }, category?.id);
      void toastSuccess(r.Message);
      await onSaved();
    } catch (err) {
      form.setErrors(apiFieldErrors(err));
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }, (errors) => void toastError(String(Object.values(errors)[0])));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Descrição" withAsterisk data-autofocus maxLength={CUSTOMER_CATEGORY_MAX} {...form.getInputProps('descricao')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
