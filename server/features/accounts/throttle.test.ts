import { describe, expect, it } from 'vitest';
import { clientAddress, delaySeconds, FORGET_AFTER_SECONDS, heldFailures, waitBeforeAttempt, type LoginThrottlePolicy } from './throttle';

const POLICY: LoginThrottlePolicy = { perClient: 5, perAddress: 20, perAccount: 100, maxDelaySeconds: 900 };
const just = (failures: number, secondsSinceLast = 0) => ({ failures, secondsSinceLast });

describe('delaySeconds', () => {
  it('nothing before the waits begin, then 1 s, 2 s, 4 s … doubling up to the ceiling', () => {
    expect([0, 1, 4].map((n) => delaySeconds(n, 5, 900))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 14].map((n) => delaySeconds(n, 5, 900))).toEqual([1, 2, 4, 8, 16, 512]);
    expect([15, 16, 1_000, 1_000_000].map((n) => delaySeconds(n, 5, 900))).toEqual([900, 900, 900, 900]);
  });

  it('waits from the first failure when they begin at 1, and never without a failure', () => {
    expect([0, 1, 2, 3].map((n) => delaySeconds(n, 1, 900))).toEqual([0, 1, 2, 4]);
  });
});

describe('heldFailures', () => {
  it('keeps a count until it has been quiet for a day', () => {
    expect(FORGET_AFTER_SECONDS).toBe(86_400);
    expect(heldFailures(undefined)).toBe(0);
    expect(heldFailures(just(7, 86_399))).toBe(7);
    expect(heldFailures(just(7, 86_400))).toBe(0);
  });
});

describe('waitBeforeAttempt', () => {
  it('a client with no failures never waits, whatever the address and the account have been through', () => {
    const counters = { address: just(10), account: just(10_000) };
    expect(waitBeforeAttempt(counters, false, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ account: just(10_000) }, true, POLICY)).toBe(0);
  });

  it('a failing client waits what is left of its delay', () => {
    expect(waitBeforeAttempt({ pair: just(4) }, false, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ pair: just(5) }, false, POLICY)).toBe(1);
    expect(waitBeforeAttempt({ pair: just(7, 1.5) }, false, POLICY)).toBe(2.5);
    expect(waitBeforeAttempt({ pair: just(7, 4) }, false, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ pair: just(50, 60) }, false, POLICY)).toBe(840);
  });

  it('an address past its ceiling waits for every account, except in a browser the account knows', () => {
    expect(waitBeforeAttempt({ address: just(19) }, false, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ address: just(22, 1) }, false, POLICY)).toBe(3);
    expect(waitBeforeAttempt({ address: just(22, 1) }, true, POLICY)).toBe(0);
  });

  it("past the account's ceiling a client waits from its first failure, up to a day; a known browser keeps its own allowance", () => {
    const underAttack = { account: just(100) };
    expect(waitBeforeAttempt({ ...underAttack, pair: just(1) }, false, POLICY)).toBe(1);
    expect(waitBeforeAttempt({ ...underAttack, pair: just(3) }, false, POLICY)).toBe(4);
    expect(waitBeforeAttempt({ ...underAttack, pair: just(11) }, false, POLICY)).toBe(1024);
    expect(waitBeforeAttempt({ ...underAttack, pair: just(40) }, false, POLICY)).toBe(86_400);
    expect(waitBeforeAttempt({ ...underAttack, pair: just(3) }, true, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ ...underAttack, pair: just(40) }, true, POLICY)).toBe(900);
    expect(waitBeforeAttempt({ account: just(99), pair: just(3) }, false, POLICY)).toBe(0);
    // A day without failures and the account is no longer under attack.
    expect(waitBeforeAttempt({ account: just(100, 86_400), pair: just(1, 10) }, false, POLICY)).toBe(0);
  });

  it('attempts that arrive together never wait for one another below the ceilings, though a count may look a little ahead of the clock', () => {
    // now() in PostgreSQL is when a transaction began: an attempt that began first and reads a count written by one
    // that began after it sees its last failure a few milliseconds in the future.
    expect(waitBeforeAttempt({ address: just(4, -0.014) }, false, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ pair: just(2, -0.5), account: just(3, -0.5) }, false, POLICY)).toBe(0);
    expect(waitBeforeAttempt({ pair: just(5, -0.25) }, false, POLICY)).toBe(1);
  });

  it('the longer of the two waits', () => {
    expect(waitBeforeAttempt({ pair: just(6), address: just(25) }, false, POLICY)).toBe(32);
  });
});

describe('clientAddress', () => {
  it('an IPv4 address is itself, also written as IPv6', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::FFFF:127.0.0.2')).toBe('127.0.0.2');
  });

  it('an IPv6 address counts by its /64, however it is written', () => {
    const prefix = '2001:db8:85a3:0::/64';
    for (const ip of ['2001:db8:85a3::8a2e:370:7334', '2001:0db8:85a3:0000:0000:8a2e:0370:7334', '2001:db8:85a3:0:ffff::1', '2001:DB8:85A3::1%eth0']) {
      expect(clientAddress(ip), ip).toBe(prefix);
    }
    expect(clientAddress('2001:db8:85a3:1::1')).toBe('2001:db8:85a3:1::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
