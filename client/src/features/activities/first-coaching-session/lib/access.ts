// The first coaching session welcomes an enrolled learner and offers everyone else a call: until the session is
// known (and with it the learner's roles), its page says that access is being checked, in these fixed words.
export const CHECKING_ACCESS = 'Verificando tu acceso...';
