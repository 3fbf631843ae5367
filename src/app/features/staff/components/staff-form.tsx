/** What the staff dialogs (invite, device, profile) share: the failure text, the submit and the profile select. */
import { Select, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { ProfileEntry } from '../../../../shared/contract/staff';
import { errorText } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';

/** A staff dialog's submit: the button is busy while `run` goes; a failure toasts errorText. */
export function useStaffSubmit<V>(form: UseFormReturnType<V>, run: (values: V) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await run(values);
    } catch (err) {
      void toastError(errorText(err));
    } finally {
      setBusy(false);
    }
  });
  return { busy, submit };
}

/** The "Perfil" select of the invite and device dialogs: the profiles offered, with what they open (`description`). */
export function ProfileSelect({ profiles, ...props }: { profiles: ProfileEntry[] } & Omit<SelectProps, 'data'>) {
  return (
    <Select
      label="Perfil"
      withAsterisk
      data={profiles.map((p) => ({ value: p.id, label: p.nome }))}
      placeholder="Escolha"
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
