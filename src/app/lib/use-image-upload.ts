import { useState } from 'react';
import { toastError } from './toast';

/**
 * An image field that uploads as soon as a file is picked: the picked file, the upload's progress in
 * percent (null when none runs) and the problem to show under the field. `pick(file)` checks the file
 * (`check` answers the refusal's message, or null), uploads it and hands the address to `onUploaded`;
 * a refusal or a failed upload shows under the field and as a toast, and empties the field. Picking
 * nothing (the field cleared) calls `onCleared`.
 */
export function useImageUpload({ upload, onUploaded, check, onCleared }: {
  upload: (file: File, onProgress: (percent: number) => void) => Promise<string>;
  onUploaded: (url: string) => void;
  check?: (file: File) => string | null;
  onCleared?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refuse = (message: string) => {
    setProblem(message);
    setFile(null);
    void toastError(message);
  };
  const pick = async (f: File | null) => {
    setFile(f);
    setProblem(null);
    if (!f) {
      onCleared?.();
      return;
    }
    const invalid = check?.(f);
    if (invalid) return refuse(invalid);
    setProgress(0);
    try {
      onUploaded(await upload(f, setProgress));
    } catch (err) {
      refuse(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };
  return { file, progress, problem, pick };
}
