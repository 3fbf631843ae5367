import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { apiFieldErrors } from './form-errors';
import { toastError, toastSuccess } from './toast';

/**
 * The submit of a form that saves one thing: while `save` runs the button is busy; the server's
 * `Message` becomes a success toast and `onSaved` runs (with the answer and the values saved); a refusal puts the server's field errors
 * under their inputs and its message in an error toast; a form the shared schema refuses toasts its
 * first error without calling the server.
 */
export function useSaveSubmit<V, A extends { Message: string }>(form: UseFormReturnType<V>, save: (values: V) => Promise<A>, onSaved: (answer: A, values: V) => Promise<unknown> | void) {
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(
    async (v) => {
      setBusy(true);
      try {
        const answer = await save(v);
        void toastSuccess(answer.Message);
        await onSaved(answer, v);
      } catch (err) {
        form.setErrors(apiFieldErrors(err));
        void toastError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    },
    (errors) => void toastError(String(Object.values(errors)[0])),
  );
  return { busy, submit };
}
