// POST /api/leads/add for the free downloads and the ebook: a lead record per page, section and status.
import { mutationOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type LeadBody = paths['/api/leads/add']['post']['requestBody']['content']['application/json'];

/** The failure alert of the free downloads (/nostalgia, /niveles), whatever the server answered. */
export const DOWNLOAD_ERROR = 'Ocurrió un error al intentar descargar el archivo. Por favor, intenta de nuevo.';

export async function postLead(body: LeadBody): Promise<void> {
  const result = await api.POST('/api/leads/add', { body });
  unwrap(result, DOWNLOAD_ERROR);
  // The answer's status must be 'success', whatever else it says.
  if (result.data?.status !== 'success') throw new ApiError(result.data?.message || DOWNLOAD_ERROR, result.response.status);
}

export const leadMutations = {
  add: () => mutationOptions({ mutationKey: ['leads', 'add'], mutationFn: postLead }),
};
