import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Leases, type DocumentStore } from '@ruedas/platform';

export interface LeaseFixture {
  store: DocumentStore;
  teardown: () => Promise<void>;
}

/**
 * The lease contract of the document-store port (acquire, renew, release, time limit, fencing
 * number): every store adapter must pass it. Lease names are unique per test, so a shared database
 * may be reused. Time is moved by hand (`now`), so the suite takes no real waiting.
 */
export function runLeaseContractTests(name: string, setup: () => Promise<LeaseFixture>): void {
  describe(`lease contract: ${name}`, () => {
    let fixture: LeaseFixture;
    let time = 1_000_000;
    let leases: Leases;
    let lease: string;

    beforeEach(async () => {
      fixture = await setup();
      time = Date.now();
      leases = await Leases.open(fixture.store, { now: () => time });
      lease = `contract.${randomUUID().slice(0, 8)}`;
    });

    afterEach(async () => {
      await fixture.teardown();
    });

    it('gives a free lease to the first asker and refuses it to another until its time limit passes', async () => {
      const first = await leases.acquire(lease, 'copy-a', 5_000);
      expect(first).toMatchObject({ name: lease, owner: 'copy-a', fencing: 1 });
      expect(first!.expiresAt.getTime()).toBe(time + 5_000);
      expect(await leases.acquire(lease, 'copy-b', 5_000)).toBeNull();
      expect(await leases.holder(lease)).toMatchObject({ owner: 'copy-a', fencing: 1 });
      time += 5_001;
      expect(await leases.holder(lease)).toBeNull();
      const second = await leases.acquire(lease, 'copy-b', 5_000);
      expect(second).toMatchObject({ owner: 'copy-b', fencing: 2 });
    });

    it('lets exactly one of many simultaneous askers take it', async () => {
      const owners = Array.from({ length: 12 }, (_, index) => `copy-${index}`);
      const results = await Promise.all(owners.map((owner) => leases.acquire(lease, owner, 5_000)));
      const winners = results.filter((result) => result !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.fencing).toBe(1);
      expect((await leases.holder(lease))?.owner).toBe(winners[0]!.owner);
    });

    it('renews a held lease, and refuses the renewal of one taken by another since (a larger fencing number)', async () => {
      const first = (await leases.acquire(lease, 'copy-a', 1_000))!;
      time += 900;
      const renewed = await leases.renew(first, 1_000);
      expect(renewed).toMatchObject({ owner: 'copy-a', fencing: first.fencing });
      expect(renewed!.expiresAt.getTime()).toBe(time + 1_000);
      // Still held: the earlier limit has passed, the renewed one has not.
      time += 500;
      expect(await leases.acquire(lease, 'copy-b', 1_000)).toBeNull();
      // A holder paused past its limit loses the lease; its late renewal is refused.
      time += 2_000;
      const taken = (await leases.acquire(lease, 'copy-b', 1_000))!;
      expect(taken.fencing).toBeGreaterThan(first.fencing);
      expect(await leases.renew(first, 1_000)).toBeNull();
      expect(await leases.release(first)).toBe(false);
      expect((await leases.holder(lease))?.owner).toBe('copy-b');
    });

    it('frees a released lease at once for another copy, and fencing numbers only grow', async () => {
      const first = (await leases.acquire(lease, 'copy-a', 60_000))!;
      expect(await leases.release(first)).toBe(true);
      expect(await leases.holder(lease)).toBeNull();
      const second = (await leases.acquire(lease, 'copy-b', 60_000))!;
      expect(second.fencing).toBe(first.fencing + 1);
      // The holder asking again keeps it (a new fencing number); others are still refused.
      const again = (await leases.acquire(lease, 'copy-b', 60_000))!;
      expect(again.fencing).toBe(second.fencing + 1);
      expect(await leases.acquire(lease, 'copy-a', 60_000)).toBeNull();
    });

    it('keeps leases of different names apart', async () => {
      expect(await leases.acquire(`${lease}.x`, 'copy-a', 5_000)).not.toBeNull();
      expect(await leases.acquire(`${lease}.y`, 'copy-b', 5_000)).not.toBeNull();
    });

    it('runs exclusive work on one copy only, and releases the lease after it', async () => {
      let running = 0;
      let most = 0;
      let runs = 0;
      const work = async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
      };
      const results = await Promise.all(['a', 'b', 'c'].map((owner) => leases.runExclusive(lease, owner, 5_000, work)));
      expect(results.filter((result) => result.ran)).toHaveLength(1);
      expect(runs).toBe(1);
      expect(most).toBe(1);
      expect(await leases.holder(lease)).toBeNull();
    });

    it('refuses a malformed name or time limit', async () => {
      await expect(leases.acquire('', 'copy-a', 1_000)).rejects.toThrow(/lease name/);
      await expect(leases.acquire('a b', 'copy-a', 1_000)).rejects.toThrow(/lease name/);
      await expect(leases.acquire(lease, 'copy-a', 0)).rejects.toThrow(/time limit/);
    });
  });
}
