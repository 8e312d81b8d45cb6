// A download form's round trip: the lead is sent; on success it is stored in
// the visitor record and the file download starts; on failure the page decides what to show.
import { useMutation } from '@tanstack/react-query';
import { recordLead } from '../../../lib/visitor-record';
import { leadMutations, type LeadBody } from '../api/lead-mutations';
import { startDownload, type DownloadFile } from './downloads';
import type { LeadValues } from './validate-lead';

export type LeadSource = Pick<LeadBody, 'page' | 'section'>;

/** `onFailure` runs once per failed attempt, for pages whose failures are only logged (/afirmaciones). */
export function useLeadDownload(source: LeadSource, file: DownloadFile, onFailure?: (error: Error) => void) {
  const mutation = useMutation({
    ...leadMutations.add(),
    onSuccess: (_answer, lead) => {
      recordLead(lead);
      startDownload(file);
    },
    onError: onFailure,
  });
  return {
    submit: (values: LeadValues, { newsletter }: { newsletter: boolean }) => mutation.mutate({ ...values, ...source, status: 'downloaded', newsletter }),
    pending: mutation.isPending,
    /** True once this visit's form went through (not for a download remembered from an earlier visit). */
    succeeded: mutation.isSuccess,
    /** The form went through with the newsletter's box ticked: a confirmation mail is on its way. */
    subscribed: mutation.isSuccess && mutation.variables.newsletter === true,
    error: mutation.error,
    /** Changes on every attempt: keys the failure alert so a repeated message is announced again. */
    attempt: mutation.submittedAt,
  };
}
