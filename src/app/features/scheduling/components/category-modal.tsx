import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CategorySchedule } from '../../../../shared/contract/scheduling';
import { validateCategory } from '../../../../shared/scheduling';
import { saveCategory } from '../api/scheduling-queries';
import { ImageField } from './image-field';
import forms from './forms.module.css';
import { FormActions } from '../../../components/form-actions';
import { useSaveSubmit } from '../../../lib/use-save-submit';

/** "Cadastro de Categorias" (spec 001 §2.4 item 3): image and a required name; 'Editar' when it has an id. */
export function CategoryModal({ opened, localId, category, onClose, onSaved }: {
  opened: boolean;
  localId: string;
  category: CategorySchedule | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Cadastro de Categorias" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {opened && <CategoryForm key={category?.id ?? 'new'} localId={localId} category={category} onSaved={onSaved} />}
    </Modal>
  );
}

function CategoryForm({ localId, category, onSaved }: { localId: string; category: CategorySchedule | null; onSaved: (id: string) => void }) {
  const form = useForm({
    initialValues: { name: category?.name ?? '', image: category?.imageUrl ?? null as string | null },
    validate: (v) => validateCategory(v),
  });
  const { busy, submit } = useSaveSubmit(form, (v) => saveCategory({ id: category?.id, localClientId: localId, name: v.name, image: v.image }), (r) => onSaved(r.id));
  return (
    <form className={forms.form} onSubmit={submit} noValidate>
      <Stack>
        <ImageField label="Imagem da categoria" localId={localId} value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} />
        <TextInput label="Nome" withAsterisk {...form.getInputProps('name')} data-autofocus />
        <FormActions submitLabel={category?.id ? 'Editar' : 'Salvar'} busy={busy} />
      </Stack>
    </form>
  );
}
