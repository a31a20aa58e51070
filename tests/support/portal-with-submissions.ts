import { afterAll, beforeAll, expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ATTRIBUTE_GUIDS } from '../../src/server/emulators/arena/index.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { type Emulators, startEmulators } from './emulators.ts';
import { type TestApp, createTestApp } from './test-app.ts';

export type Headers = Record<string, string>;

/**
 * A portal of one test file over both emulators, with an admin and a staff member signed in and
 * the JotForm form's submissions synced. Registers the file's beforeAll/afterAll; `p` is filled
 * once they have run.
 */
export function portalWithSubmissions() {
  const p = {} as { t: TestApp; emu: Emulators; admin: Headers; staff: Headers };
  const taken = new Set<string>();

  beforeAll(async () => {
    p.emu = await startEmulators();
    p.t = await createTestApp({ deps: p.emu.deps });
    [p.admin, p.staff] = await Promise.all([p.t.as('admin'), p.t.as('staff')]);
  });
  afterAll(async () => {
    await p.t.close();
    await p.emu.close();
  });

  return {
    p,
    /** Sends one request as the admin (or with the headers given). */
    send: (opts: InjectOptions, headers: Headers = p.admin): Promise<LightMyRequestResponse> => p.t.request({ ...opts, headers: { ...headers, ...opts.headers } }),
    /** A new submission, pending review, that no other test uses. */
    async submission(): Promise<string> {
      const { id } = await p.emu.jotform.addSubmission();
      await p.t.app.services.sync.syncSubmission(id);
      expect(taken.has(id)).toBe(false);
      taken.add(id);
      return id;
    },
    /** A mapping body for an Arena field of the emulator's template. */
    mapping: (field: keyof typeof ATTRIBUTE_GUIDS, name: string) => ({ arenaFieldGUID: ATTRIBUTE_GUIDS[field], name, formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }] }),
    /** The number of audit entries of one entity (and action). */
    async audits(entityId: string, action?: string): Promise<number> {
      const { rows } = await p.t.database.pool.query<{ n: number }>('select count(*)::int as n from audit_events where entity_id = $1 and ($2::text is null or action = $2)', [entityId, action ?? null]);
      return rows[0]!.n;
    },
  };
}
