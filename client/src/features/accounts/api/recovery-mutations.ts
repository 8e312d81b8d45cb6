// Password recovery and a change of address: only their pages (and the change-of-address form) load this module.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageOf as envelopeMessage } from './account-mutations';
import { accountsQueries } from './accounts-queries';

export const RECOVERY_ERROR = 'No pudimos completar el pedido. Revisa tu conexión e inténtalo de nuevo.';

const messageOf = (result: Parameters<typeof envelopeMessage>[0]) => envelopeMessage(result, RECOVERY_ERROR);

export const postForgotPassword = async (email: string) => messageOf(await api.POST('/api/auth/forgotPassword', { body: { email } }));

export const postResetPassword = async (body: { token: string; password: string }) => messageOf(await api.POST('/api/auth/resetPassword', { body }));

export const postChangeEmail = async (body: { newEmail: string; password: string }) => messageOf(await api.POST('/api/me/email', { body }));

export const postConfirmEmailChange = async (token: string) => messageOf(await api.POST('/api/auth/confirmEmailChange', { body: { token } }));

export const postUndoEmailChange = async (token: string) => messageOf(await api.POST('/api/auth/undoEmailChange', { body: { token } }));

const key = (name: string) => [...accountsQueries.all(), name] as const;

export const recoveryMutations = {
  forgotPassword: () => mutationOptions({ mutationKey: key('forgotPassword'), mutationFn: postForgotPassword }),
  resetPassword: () => mutationOptions({ mutationKey: key('resetPassword'), mutationFn: postResetPassword }),
  changeEmail: () => mutationOptions({ mutationKey: key('changeEmail'), mutationFn: postChangeEmail }),
  confirmEmailChange: () => mutationOptions({ mutationKey: key('confirmEmailChange'), mutationFn: postConfirmEmailChange }),
  undoEmailChange: () => mutationOptions({ mutationKey: key('undoEmailChange'), mutationFn: postUndoEmailChange }),
};
