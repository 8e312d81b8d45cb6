// Forgetting a lead address from the link of its mails (the page /olvidar).
import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export const FORGET_ERROR = 'No pudimos completar la baja. Inténtalo de nuevo en unos minutos.';

export async function postForgetLead(token: string): Promise<{ message: string; hasAccount: boolean }> {
  const result = await api.POST('/api/leads/forget', { body: { token } });
  unwrap(result, FORGET_ERROR);
  return { message: result.data?.message ?? '', hasAccount: result.data?.data.hasAccount ?? false };
}

export const erasureMutations = {
  forgetLead: () => mutationOptions({ mutationKey: ['erasure', 'forgetLead'], mutationFn: postForgetLead }),
};
