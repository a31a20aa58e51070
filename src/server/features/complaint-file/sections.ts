import { CONDITION_LABELS, REPLY_CHANNEL_LABELS } from '#shared/contract/closure';
import { CATEGORY_LABELS, REGIME_LABELS } from '#shared/contract/reporting';
import type { Signature } from '#shared/contract/signatures';
import { FOLLOWUP_METHOD_LABELS } from '#shared/contract/submissions';
import { jotformDateText } from '#shared/jotform-answer';
import type { PdfWriter } from './pdf-writer.ts';
import type { ComplaintRecord } from './record.ts';

/** One section of the complaint file: its heading and how it prints (a new section is one more entry in SECTIONS). */
export interface Section {
  title: string;
  print(w: PdfWriter, r: ComplaintRecord, at: (iso: string) => string): void;
}

const who = (actor: { name: string } | null | undefined) => actor?.name ?? 'the portal';

/** A signature's manifestation: printed name, date and time with zone, meaning — and whether it still matches. */
function signatureLine(s: Signature, at: (iso: string) => string): string {
  const signed = `Signed by ${s.signer.name}, ${at(s.at)}, meaning "${s.meaning}"`;
  return s.valid ? signed : `${signed}. No longer matches: changed on ${at(s.changed?.at ?? s.at)} by ${s.changed?.by ?? 'JotForm or the portal'}.`;
}

const answers: Section = {
  title: 'Complaint answers',
  print(w, r) {
    const shown = r.submission.answers.filter((a) => !['control_captcha', 'control_button'].includes(a.type));
    for (const a of shown) {
      if (a.type === 'control_head') w.subheading(a.text);
      // Dates as everywhere in the portal, YYYY-MM-DD (docs/product.md, Dates on screen).
      else w.field(a.text || `Question ${a.qid}`, (a.type === 'control_datetime' && jotformDateText(a.answer)) || answerText(a.prettyFormat, a.answer));
    }
    if (shown.length === 0) w.paragraph('No answers.', { muted: true });
  },
};

/** An answer as text: JotForm's display form without its markup, else the answer's values joined. */
function answerText(pretty: string | undefined, answer: unknown): string {
  if (pretty) return pretty.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');
  if (answer === null || answer === undefined) return '';
  if (typeof answer === 'object') return Object.values(answer as Record<string, unknown>).filter((v) => v !== '' && v !== null).join(', ');
  return String(answer);
}

const overview: Section = {
  title: 'Complaint',
  print(w, r, at) {
    const s = r.submission;
    w.field('Submission', s.id);
    w.field('Submitted', at(s.submissionDate));
    w.field('Submitter', s.submitter);
    w.field('Become-aware date', s.becomeAwareDate);
    w.field('Investigation deadline', s.investigationDeadline);
    w.field('Workflow status', s.submissionStatus);
    if (s.denyReason) w.field('Reason for denial', s.denyReason);
    w.field('Owner', s.owner?.name ?? 'Nobody');
    w.field('Product', s.product ?? 'Not given');
    if (s.model) w.field('Model', s.model);
    w.field('Lot or serial number', s.lot ?? 'Not given');
    if (s.udi) w.field('UDI', s.udi);
  },
};

const codes: Section = {
  title: 'IMDRF codes',
  print(w, r, at) {
    if (r.codes.length === 0) w.paragraph('Not coded.', { muted: true });
    for (const c of r.codes) w.field(`${c.code} (Annex ${c.annex})`, `${c.term} — ${c.release}; coded by ${who(c.codedBy)}, ${at(c.codedAt)}`);
  },
};

const followups: Section = {
  title: 'Follow-ups (good-faith efforts)',
  print(w, r, at) {
    w.field('Attempts', String(r.followups.length));
    for (const n of [...r.followups].reverse()) {
      w.subheading(`${at(n.at)}, ${who(n.author)}`);
      if (n.method || n.attemptedOn || n.outcome) {
        w.paragraph([n.method && FOLLOWUP_METHOD_LABELS[n.method], n.attemptedOn && `attempted ${n.attemptedOn}`, n.outcome && `outcome: ${n.outcome}`].filter(Boolean).join(' · '), { muted: true });
      }
      w.paragraph(n.text);
    }
    if (r.followups.length === 0) w.paragraph('No follow-up recorded.', { muted: true });
  },
};

const decisions: Section = {
  title: 'Reportability decisions and signatures',
  print(w, r, at) {
    const list = [...r.reportability.decisions].reverse();
    list.forEach((d, i) => {
      const next = list[i + 1];
      w.subheading(`${d.decision === 'reportable' ? 'Reportable' : 'Not reportable'}${i === list.length - 1 ? ' (current)' : ''}, ${at(d.decidedAt)}, ${who(d.decidedBy)}`);
      if (d.decision === 'reportable') {
        w.field('Category', d.category ? CATEGORY_LABELS[d.category] : 'Not given');
        w.field('Regimes', d.regimes.map((x) => REGIME_LABELS[x]).join(', '));
      }
      w.field('Rationale', d.rationale ?? 'None recorded (marked reportable without one)');
      const signed = r.reportability.signatures.filter((s) => s.at >= d.decidedAt && (!next || s.at < next.decidedAt));
      if (signed.length === 0) w.paragraph('Unsigned.', { muted: true });
      for (const s of signed) w.paragraph(signatureLine(s, at));
    });
    if (list.length === 0) w.paragraph('No decision recorded.', { muted: true });
  },
};

const clocks: Section = {
  title: 'Reporting clocks and reports',
  print(w, r, at) {
    for (const c of r.reportability.reportingClocks) w.field(REGIME_LABELS[c.regime], `due ${c.due}${c.reportedOn ? `, reported on ${c.reportedOn}` : ', not reported'}`);
    if (r.reportability.reportingClocks.length === 0) w.paragraph('No reporting clock runs.', { muted: true });
    for (const rep of r.reportability.reports) w.paragraph(`${REGIME_LABELS[rep.regime]}: reported on ${rep.reportedOn}, reference ${rep.reference} (recorded by ${who(rep.filedBy)}, ${at(rep.filedAt)})`);
  },
};

const investigation: Section = {
  title: 'Investigation',
  print(w, r, at) {
    const inv = r.closure.investigation;
    if (!inv) return w.paragraph('Not recorded.', { muted: true });
    if (inv.outcome === 'investigated') {
      w.field('Summary', inv.summary);
      w.field('Result', inv.result);
      w.field('Recorded by', `${who(inv.decidedBy)}, ${at(inv.at)}`);
    } else {
      w.field('No investigation; reason', inv.reason);
      w.field('Decided by', `${who(inv.decidedBy)}, ${at(inv.at)}`);
    }
    const signed = r.closure.signatures.filter((s) => s.kind === 'investigation' && s.at >= inv.at);
    if (signed.length === 0) w.paragraph('Unsigned.', { muted: true });
    for (const s of signed) w.paragraph(signatureLine(s, at));
  },
};

const reply: Section = {
  title: 'Reply to the complainant',
  print(w, r, at) {
    const rep = r.closure.reply;
    if (!rep) return w.paragraph('Not recorded.', { muted: true });
    if (rep.outcome === 'replied') {
      w.field('Date', rep.repliedOn);
      w.field('Channel', rep.channel ? REPLY_CHANNEL_LABELS[rep.channel] : null);
      w.field('Text', rep.text);
    } else w.field('No reply needed; reason', rep.reason);
    w.field('Recorded by', `${who(rep.recordedBy)}, ${at(rep.at)}`);
  },
};

const arena: Section = {
  title: 'Arena quality process',
  print(w, r) {
    const s = r.submission;
    w.field('CH number', s.chNumber);
    w.field('CH title', s.chTitle);
    if (s.transferError) w.field('Transfer error', s.transferError);
    if (r.steps === null) return w.paragraph('No quality process was created.', { muted: true });
    if ('unavailable' in r.steps) return w.paragraph(`Steps could not be read from Arena: ${r.steps.unavailable}`, { muted: true });
    for (const step of r.steps) {
      w.subheading(step.name);
      for (const a of step.attributes) w.field(a.name, a.value);
    }
  },
};

const closure: Section = {
  title: 'Closure',
  print(w, r, at) {
    const c = r.closure;
    w.field('State', c.closed && c.closedAt ? `Closed on ${at(c.closedAt)}` : 'Open');
    if (!c.closed) for (const item of c.checklist) w.field(CONDITION_LABELS[item.condition], item.done ? 'Met' : `Missing: ${item.missing}`);
    for (const e of [...c.events].reverse()) w.paragraph(`${e.action === 'close' ? 'Closed' : 'Reopened'} by ${who(e.by)}, ${at(e.at)}: ${e.text}`);
    for (const s of c.signatures.filter((x) => x.kind === 'closure')) w.paragraph(signatureLine(s, at));
  },
};

const history: Section = {
  title: 'Appendix: history of the record',
  print(w, r, at) {
    for (const e of [...r.history].reverse()) {
      const who = e.actor ? e.actor.name : 'JotForm or the portal';
      const meaning = e.action === 'sign' ? e.changes.find((c) => c.field === 'meaning')?.after : undefined;
      // A signature reads as one wherever it shows: the printed name, the moment with its zone, the meaning.
      if (typeof meaning === 'string') {
        const hash = e.changes.find((c) => c.field === 'hash')?.after;
        w.paragraph(`${at(e.at)}, ${who}: signed electronically, meaning "${meaning}"${typeof hash === 'string' ? ` (SHA-256 ${hash})` : ''}`);
        continue;
      }
      const changes = e.changes.map((c) => `${c.field}: ${c.before ?? '-'} → ${c.after ?? '-'}`).join('; ');
      w.paragraph(`${at(e.at)}, ${who}: ${e.action}${changes ? ` (${changes})` : ''}`);
    }
  },
};

/** The complaint file's sections, in print order. */
export const SECTIONS: readonly Section[] = [overview, codes, answers, followups, decisions, clocks, investigation, reply, arena, closure, history];
