import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { productCategoryInput, type ProductCategoryRow } from '../../../../shared/contract/product-categories';
import { PRODUCT_CATEGORY_MAX, PRODUCT_CATEGORY_MSG as M } from '../../../../shared/product-categories';
import { RegistryDialogs } from '../../../components/registry-dialogs';
import { RegistryList } from '../../../components/registry-list';
import { usePlaceRegistry } from '../../../components/use-registry-dialogs';
import { schemaErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-hooks';
import { useSaveSubmit } from '../../../lib/use-save-submit';
import { deleteProductCategory, productCategoryQueries, saveProductCategory } from '../api/product-category-queries';
import { FormActions } from '../../../components/form-actions';

/**
 * /produtos/categorias: the catalogue's categories (issue 24), the same ones the product wizard and
 * the product form pick. A category that still has products cannot be deleted (the server says how
 * many); the button says so before asking.
 */
export function ProductCategoriesPage() {
  usePageTitle('Categorias');
  const { localId, dialogs, listProps } = usePlaceRegistry({
    list: productCategoryQueries.list,
    deleteRow: (row: ProductCategoryRow) => deleteProductCategory(row.id),
    // The product screens list categories too: both are refreshed.
    refreshes: [productCategoryQueries.all, ['products', 'categories']],
    noPlace: 'Escolha um estabelecimento para ver as categorias.',
  });

  return (
    <RegistryList
      title="Categorias"
      intro={
        <>
          As categorias do cardápio. Cada <Link to="/produtos/produto">produto</Link> pertence a uma delas.
        </>
      }
      addLabel="Nova categoria"
      emptyText={M.empty}
      {...listProps}
      rowName={(r) => `categoria ${r.nome}`}
      columns={[
        { header: 'Nome', cell: (r) => r.nome },
        { header: 'Produtos', cell: (r) => r.quantidadeProdutos },
      ]}
    >
      <RegistryDialogs
        dialogs={dialogs}
        noun="categoria"
        form={(category, onSaved) => <CategoryForm localId={localId} category={category} onSaved={onSaved} />}
        confirm={(row) =>
          row.quantidadeProdutos > 0 ? { question: M.hasProducts(row.quantidadeProdutos), confirmLabel: 'Tentar excluir' } : { question: M.deleteQuestion, note: M.cannotUndo }
        }
      />
    </RegistryList>
  );
}

function CategoryForm({ localId, category, onSaved }: { localId: string; category: ProductCategoryRow | null; onSaved: () => Promise<void> }) {
  const form = useForm({
    initialValues: { nome: category?.nome ?? '' },
    validate: (v) => schemaErrors(productCategoryInput, { localClienteId: localId, nome: v.nome }),
  });
  const { busy, submit } = useSaveSubmit(form, (v) => saveProductCategory({ localClienteId: localId, nome: v.nome }, category?.id), onSaved);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nome" withAsterisk data-autofocus maxLength={PRODUCT_CATEGORY_MAX} {...form.getInputProps('nome')} />
        <FormActions busy={busy} />
      </Stack>
    </form>
  );
}
