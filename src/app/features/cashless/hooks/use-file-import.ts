import { useState } from 'react';
import type { $ZodType, output } from 'zod/v4/core';
import { CASHLESS_MSG } from '../../../../shared/cashless';
import { apiUpload } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';

/**
 * A file sent to the server for the place (the user import, the electronic extract): the chosen
 * file, the problem to show, the upload's progress (a fraction, null when none runs). `choose`
 * refuses a file whose name `accepts` does not take (CASHLESS_MSG.invalidFile, shown and toasted);
 * `send` posts it as multipart (`LocalId`, `file`) with no time limit, empties the choice and hands
 * the answer to `onAnswer`; a failure is shown and toasted.
 */
export function useFileImport(localId: string, accepts: (name: string) => boolean) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fail = (message: string) => {
    setError(message);
    void toastError(message);
  };
  const choose = (f: File | null) => {
    if (f && !accepts(f.name)) {
      setFile(null);
      fail(CASHLESS_MSG.invalidFile);
      return;
    }
    setError(null);
    setFile(f);
  };
  const send = async <S extends $ZodType>(path: string, schema: S, onAnswer: (answer: output<S>) => Promise<unknown> | void) => {
    if (!file) return;
    const form = new FormData();
    form.append('LocalId', localId);
    form.append('file', file);
    setProgress(0);
    try {
      const answer = await apiUpload(path, form, { schema, onProgress: setProgress, timeoutMs: 0 });
      setFile(null);
      await onAnswer(answer);
    } catch (err) {
      fail(err instanceof Error ? err.message : CASHLESS_MSG.invalidFile);
    } finally {
      setProgress(null);
    }
  };
  return { file, error, setError, progress, choose, send };
}
