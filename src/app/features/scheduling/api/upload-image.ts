/**
 * Agenda, service and category images: the file's raw bytes with upload progress (fetch reports
 * none, so this one call uses XMLHttpRequest with the API client's token and base URL). The
 * server decides the type from the bytes and answers the address the image is served from.
 */
import { imageUploadResponse, SCHEDULING_PATHS } from '../../../../shared/contract/scheduling';
import { MSG } from '../../../../shared/messages';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

export function uploadScheduleImage(localClientId: string, file: Blob, onProgress: (percent: number) => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getSession()?.token;
    xhr.open('POST', apiUrl(SCHEDULING_PATHS.imageUpload, { localClientId }));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = imageUploadResponse.safeParse(data);
        return parsed.success ? resolve(parsed.data.url) : reject(new ApiError(xhr.status, MSG.genericError, data));
      }
      if (xhr.status === 401 && token) clearSession();
      const m = data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string' ? (data as { Message: string }).Message : MSG.genericError;
      reject(new ApiError(xhr.status, m, data));
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.ontimeout = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.send(file);
  });
}
