import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { customerCategoryInput, type CustomerCategoryRow } from '../../../../shared/contract/customer-categories';
import { CUSTOMER_CATEGORY_MAX, CUSTOMER_CATEGORY_MSG as M } from '../../../../shared/customer-categories';
import { RegistryDialogs } from '../../../components/registry-dialogs';
import { RegistryList } from '../../../components/registry-list';
import { usePlaceRegistry } from '../../../components/use-registry-dialogs';
import { schemaErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-hooks';
import { useSaveSubmit } from '../../../lib/use-save-submit';
import { customerCategoryQueries, deleteCustomerCategory, saveCustomerCategory } from '../api/customer-category-queries';
import { FormActions } from '../../../components/form-actions';

/** /cadastro/categoriaClientes: the categories the customer registry files people under (issue 24). */
export function CustomerCategoriesPage() {
  usePageTitle('Categorias de clientes');
  const { localId, dialogs, listProps } = usePlaceRegistry({
    list: customerCategoryQueries.list,
    deleteRow: (row: CustomerCategoryRow) => deleteCustomerCategory(row.id),
    // The customers screen lists categories too: both lists are refreshed.
    refreshes: [customerCategoryQueries.all, ['customers', 'categories']],
    noPlace: 'Escolha um estabelecimento para ver as categorias de clientes.',
  });

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
      {...listProps}
      rowName={(r) => `categoria ${r.descricao}`}
      columns={[
        { header: 'Descrição', cell: (r) => r.descricao },
        { header: 'Clientes', cell: (r) => r.quantidadeClientes },
      ]}
    >
      <RegistryDialogs
        dialogs={dialogs}
        noun="categoria de cliente"
        form={(category, onSaved) => <CategoryForm localId={localId} category={category} onSaved={onSaved} />}
        confirm={(row) => ({ question: M.deleteQuestion, note: M.deleteNote(row.quantidadeClientes) })}
      />
    </RegistryList>
  );
}

function CategoryForm({ localId, category, onSaved }: { localId: string; category: CustomerCategoryRow | null; onSaved: () => Promise<void> }) {
  const form = useForm({
    initialValues: { descricao: category?.descricao ?? '' },
    validate: (v) => schemaErrors(customerCategoryInput, { localClienteId: localId, descricao: v.descricao }),
  });
  const { busy, submit } = useSaveSubmit(form, (v) => saveCustomerCategory({ localClienteId: localId, descricao: v.descricao }, category?.id), onSaved);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Descrição" withAsterisk data-autofocus maxLength={CUSTOMER_CATEGORY_MAX} {...form.getInputProps('descricao')} />
        <FormActions busy={busy} />
      </Stack>
    </form>
  );
}
