import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { createLease } from '../../src/server/db/lease.ts';
import { fixedClock } from '../../src/server/lib/clock.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

const clock = fixedClock('2025-06-15T16:00:00.000Z');
let emu: Emulators;
let first: TestApp;
let second: FastifyInstance;
const calls = () => emu.jotform.state.requests.length;

beforeAll(async () => {
  emu = await startEmulators();
  first = await createTestApp({ clock, deps: emu.deps });
  // A second instance of the portal on the same database, as behind a load balancer.
  second = await buildApp({ config: first.config, db: first.database.db, jwtSecret: 'test-secret-test-secret-test-secret-0123', clock, ...emu.deps });
  await first.app.services.sync.syncOnce();
});
afterAll(async () => {
  await second.close();
  await first.close();
  await emu.close();
});

describe('one JotForm poller across instances', () => {
  it('two instances on one database make one instance’s worth of JotForm calls', async () => {
    const a = first.app.services.sync;
    const b = second.services.sync;
    const start = calls();
    for (let round = 0; round < 4; round++) {
      expect(await a.tick()).toBe('polled');
      clock.advance(a.nextPollInMs());
    }
    const alone = calls() - start;
    expect(alone).toBeGreaterThan(0);

    const both = calls();
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      outcomes.push(await a.tick(), await b.tick());
      clock.advance(a.nextPollInMs());
    }
    expect(calls() - both).toBe(alone);
    expect(outcomes).toEqual(['polled', 'follower', 'polled', 'follower', 'polled', 'follower', 'polled', 'follower']);
  });

  it('a leader that stops hands the poll over at once', async () => {
    await first.app.services.sync.stop();
    expect(await second.services.sync.tick()).toBe('polled');
    expect(await first.app.services.sync.tick()).toBe('follower');
  });

  it('a leader that vanished (power cut: no release, no renewal) loses the lease when it expires', async () => {
    const gone = createLease(first.database.db, 'power-cut', 'host-a', 300);
    const survivor = createLease(first.database.db, 'power-cut', 'host-b', 300);
    expect(await gone.acquire()).toBe(true);
    expect(await survivor.acquire()).toBe(false);
    // host-a never renews; host-b's next rounds take over once the database's clock passes the expiry.
    const deadline = Date.now() + 5_000;
    let taken = false;
    while (!taken && Date.now() < deadline) taken = await survivor.acquire();
    expect(taken).toBe(true);
    expect(await gone.acquire()).toBe(false);
  });

  it('while JotForm replies that its daily quota is spent, calls it no more until midnight US Eastern', async () => {
    const sync = second.services.sync;
    clock.advance(sync.nextPollInMs());
    emu.jotform.failNext(100, 429);
    try {
      const before = calls();
      expect(await sync.tick()).toBe('failed');
      const spent = calls() - before;
      expect(spent).toBe(1);
      // 16:00 UTC is 12:00 in New York (EDT): the next call is after midnight there, 04:00 UTC.
      const midnight = Date.parse('2025-06-16T04:00:00.000Z');
      expect(clock.now().getTime() + sync.nextPollInMs()).toBeGreaterThanOrEqual(midnight);
      for (let round = 0; round < 3; round++) {
        clock.advance(10 * 60_000);
        expect(await sync.tick()).toBe('waiting');
      }
      expect(calls() - before).toBe(spent);
    } finally {
      emu.jotform.failNext(0, 429);
    }
  });
});
