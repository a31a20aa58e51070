import { describe, expect, it } from 'vitest';
import { CURRENT_QUESTION_VERSION, QUESTION_VERSIONS, askedQuestions, keptAnswers, setsFor, unanswered } from './assessment.ts';

/**
 * The fingerprint of each published version. A published version never changes, so an assessment
 * reads the same forever: a change of wording or rules is a new version appended to
 * QUESTION_VERSIONS, with its own line here.
 */
const PUBLISHED: Record<number, string> = {
  1: '80f966cffd15028a929f32f88d19317fb52e4e221a79d0e35da26145839cb74f',
};

describe('question versions', () => {
  it('are never edited once published', async () => {
    const sha256 = async (text: string) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const fingerprints = Object.fromEntries(await Promise.all(QUESTION_VERSIONS.map(async (v) => [v.version, await sha256(JSON.stringify(v))])));
    expect(fingerprints).toEqual(PUBLISHED);
  });

  it('are numbered 1, 2, 3 … in order, the last one current', () => {
    expect(QUESTION_VERSIONS.map((v) => v.version)).toEqual(QUESTION_VERSIONS.map((_, i) => i + 1));
    expect(CURRENT_QUESTION_VERSION).toBe(QUESTION_VERSIONS.at(-1));
  });

  describe.each(QUESTION_VERSIONS.map((v) => [v.version, v] as const))('version %i', (_, version) => {
    const ids = version.sets.flatMap((s) => s.questions.map((q) => q.id));

    it('names each question once, each with its text, help and source', () => {
      expect(new Set(ids).size).toBe(ids.length);
      for (const q of version.sets.flatMap((s) => s.questions)) for (const field of [q.text, q.help, q.source]) expect(field.trim()).not.toBe('');
    });

    it.each(version.sets.map((s) => [s.regime, s] as const))('%s: conditions read earlier questions of its own set, and every rule list ends with a catch-all', (_r, set) => {
      set.questions.forEach((q, i) => {
        const earlier = set.questions.slice(0, i).map((e) => e.id);
        for (const literal of (q.askedIf ?? []).flat()) expect(earlier).toContain(literal.replace(/^!/, ''));
      });
      const own = set.questions.map((q) => q.id);
      const literals = [set.rules.reportable, ...set.rules.categories.map((c) => c.when ?? []), ...set.rules.recipients.map((r) => r.when ?? [])].flat(2);
      for (const literal of literals) expect(own).toContain(literal.replace(/^!/, ''));
      expect(set.rules.categories.at(-1)!.when).toBeUndefined();
      expect(set.rules.recipients.at(-1)!.when).toBeUndefined();
    });
  });
});

describe('asking', () => {
  const [us] = setsFor(CURRENT_QUESTION_VERSION, ['US_MDR']);

  it('asks a conditional question once what it follows from is answered so, and not before', () => {
    expect(askedQuestions(us!, {}).map((q) => q.id)).toEqual(['us_mfr_death', 'us_mfr_serious_injury', 'us_mfr_malfunction']);
    expect(askedQuestions(us!, { us_mfr_malfunction: true }).map((q) => q.id)).toContain('us_mfr_remedial_action');
  });

  it('lists what is still unanswered, and drops an answer to a question no longer asked', () => {
    const sets = setsFor(CURRENT_QUESTION_VERSION, ['US_MDR', 'EU_MDR']);
    expect(unanswered(sets, { us_mfr_death: false, us_mfr_serious_injury: false, us_mfr_malfunction: false, eu_death: false, eu_serious_deterioration: false })).toEqual(['eu_public_health_threat']);
    expect(keptAnswers(sets, { us_mfr_death: false, us_mfr_serious_injury: false, us_mfr_malfunction: false, us_mfr_remedial_action: true })).toEqual({ us_mfr_death: false, us_mfr_serious_injury: false, us_mfr_malfunction: false });
  });

  it('asks only the sets of the regimes given', () => {
    expect(setsFor(CURRENT_QUESTION_VERSION, ['EU_MDR']).map((s) => s.regime)).toEqual(['EU_MDR']);
  });
});
