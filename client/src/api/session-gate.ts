// Renewing the session replaces the cookie and ends the old session at once on the server. A request that left
// with the old cookie and arrives after the renewal would be refused (401) and the learner sent to log in, in
// the middle of a save. So the renewal waits for the requests in flight, and requests made while it runs wait
// for it: every request carries a cookie that is valid when the server reads it.

let inFlight = 0;
const drained: Array<() => void> = [];
let renewing: Promise<void> | null = null;

/** The longest a renewal waits for slow requests before it goes ahead anyway. */
const MAX_WAIT_MS = 10_000;

/** Sends `request` once no renewal is running, counted as in flight until its answer arrives. */
export async function throughSessionGate<T>(send: () => Promise<T>): Promise<T> {
  while (renewing) await renewing;
  inFlight += 1;
  try {
    return await send();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) for (const resolve of drained.splice(0)) resolve();
  }
}

/** Runs `renew` alone: after the requests in flight (up to 10 s), with new ones held until it is done. */
export async function renewingSession<T>(renew: () => Promise<T>): Promise<T> {
  while (renewing) await renewing;
  let done!: () => void;
  renewing = new Promise((resolve) => (done = resolve));
  try {
    if (inFlight > 0) {
      await Promise.race([new Promise<void>((resolve) => drained.push(resolve)), new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
    }
    return await renew();
  } finally {
    renewing = null;
    done();
  }
}
