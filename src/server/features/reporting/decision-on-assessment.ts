import type { Regime } from '#shared/contract/reporting';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { AssessmentRow } from './assessments.repo.ts';
import type { DecisionValues } from './reporting.repo.ts';

/**
 * The decision that finalises an assessment (docs/features/reportability-assessment.md): only the
 * submission's latest assessment may be finalised. Following its outcome, a reportable decision
 * runs the clocks of the regimes the outcome found reportable, each with its category; a decision
 * that differs from the outcome needs a reason, and a reportable one then runs the shortest clock
 * of every regime assessed, since the answers name no category.
 */
export function decisionOnAssessment(
  body: { decision: DecisionValues['decision']; rationale: string; assessmentId?: string | undefined; reason?: string | undefined },
  assessment: AssessmentRow | undefined,
  latest: AssessmentRow | undefined,
): DecisionValues & { regimes: Regime[] } {
  if (!assessment) throw new NotFound(`Assessment ${body.assessmentId} is not an assessment of this submission.`);
  if (latest && latest.id !== assessment.id) throw new Conflict(`Assessment ${assessment.id} has been followed by a newer one (${latest.id}): decide on the newest.`);
  const reportable = assessment.outcomes.filter((o) => o.reportable);
  const outcome = reportable.length > 0 ? 'reportable' : 'not_reportable';
  const differs = body.decision !== outcome;
  if (differs && !body.reason) {
    const said = outcome === 'reportable' ? 'reportable' : 'not reportable';
    throw new Invalid(`The assessment's outcome is ${said}: recording a different decision needs the reason why (reason, at least 10 characters).`, { reason: 'required when the decision differs from the outcome' });
  }
  const base = { decision: body.decision, rationale: body.rationale, assessmentId: assessment.id, reason: differs ? body.reason! : null };
  if (body.decision === 'not_reportable' || differs) return { ...base, regimes: assessment.outcomes.map((o) => o.regime), category: null, categories: null };
  const categories = Object.fromEntries(reportable.map((o) => [o.regime, o.category!]));
  return { ...base, regimes: reportable.map((o) => o.regime), category: reportable[0]!.category, categories };
}
