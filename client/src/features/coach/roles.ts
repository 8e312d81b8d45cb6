// Kept apart and free of imports: the account drawer reads it in the first chunk, the coach's pages load later.
/** The coach's role (the server's ROLES.coach): only she opens /coach. */
export const COACH_ROLE = 9;

export const isCoach = (roles: readonly number[]) => roles.includes(COACH_ROLE);
