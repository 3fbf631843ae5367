/**
 * Agenda, service and category images: the file's raw bytes with upload progress in percent. The
 * server decides the type from the bytes and answers the address the image is served from.
 */
import { imageUploadResponse, SCHEDULING_PATHS } from '../../../../shared/contract/scheduling';
import { apiUpload } from '../../../lib/api-client';

export async function uploadScheduleImage(localClientId: string, file: Blob, onProgress: (percent: number) => void): Promise<string> {
  const answer = await apiUpload(SCHEDULING_PATHS.imageUpload, file, {
    schema: imageUploadResponse,
    query: { localClientId },
    contentType: 'application/octet-stream',
    onProgress: (f) => onProgress(Math.round(f * 100)),
  });
  return answer.url;
}
