/**
 * Multipart upload with progress (fetch cannot report upload progress, so this one call uses
 * XMLHttpRequest). Same contract as the API client: bearer token, the server's pt-BR Message in an
 * ApiError, the answer parsed with the shared schema, a 401 clears the session.
 */
import type { $ZodType, output } from 'zod/v4/core';
import { MSG } from '../../../../shared/messages';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

interface StandardSchema {
  '~standard': { validate(v: unknown): { value?: unknown; issues?: unknown } | Promise<{ value?: unknown; issues?: unknown }> };
}

export function uploadWithProgress<S extends $ZodType>(path: string, form: FormData, schema: S, onProgress: (fraction: number) => void): Promise<output<S>> {
  const token = getSession()?.token;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.onload = async () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && token) clearSession();
        const message = data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string' ? (data as { Message: string }).Message : MSG.genericError;
        reject(new ApiError(xhr.status, message, data));
        return;
      }
      const result = await (schema as unknown as StandardSchema)['~standard'].validate(data);
      if (result.issues) reject(new ApiError(xhr.status, MSG.genericError, data));
      else resolve(result.value as output<S>);
    };
    xhr.send(form);
  });
}
