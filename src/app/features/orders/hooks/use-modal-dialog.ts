import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * A native modal <dialog> (focus kept inside, the page behind inert, no modal library on the
 * board's first paint) that follows `opened`: spread the answer on the element. Escape asks
 * `onClose` instead of closing the dialog behind React's back.
 */
export function useModalDialog(opened: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (opened && !el.open) el.showModal?.();
    if (!opened && el.open) el.close();
  }, [opened]);
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}
