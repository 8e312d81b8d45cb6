// Who was signed in at this device, for when the server cannot be reached: only the account's id and roles (no
// name, no e-mail), kept in localStorage 'manifiesta_last_account' while a session is known, removed when the
// server says nobody is signed in or at logout. It lets a learner with no network meditate as themselves: what
// they do offline is sent later, and only while that same account is signed in.

export const LAST_ACCOUNT_KEY = 'manifiesta_last_account';

export type LastAccount = { id: string; roles: number[] };

export function rememberAccount(account: LastAccount | null): void {
  try {
    if (account) window.localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify({ id: account.id, roles: account.roles }));
    else window.localStorage.removeItem(LAST_ACCOUNT_KEY);
  } catch {
    // A browser that refuses to store it: offline, this device simply does not know who was signed in.
  }
}

export function lastAccount(): LastAccount | null {
  try {
    const raw = window.localStorage.getItem(LAST_ACCOUNT_KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, roles } = value as Record<string, unknown>;
    if (typeof id !== 'string' || !Array.isArray(roles) || !roles.every((r) => typeof r === 'number')) return null;
    return { id, roles };
  } catch {
    return null;
  }
}
