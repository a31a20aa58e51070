import { DUE_SOON_DAYS } from '#shared/reporting/clocks';
import type { SubmissionStatus } from '#shared/contract/submissions';
import { addDays } from '#shared/dates';

/**
 * One complaint as a message about it shows it: identifiers, workflow state and clocks only —
 * never names of patients or submitters, nor free-text answers (docs/product.md, Notification mail).
 */
export interface DigestLine {
  id: string;
  chNumber: string | null;
  status: SubmissionStatus;
  /** The earliest due date of a reporting clock still open, or null. */
  reportingDue: string | null;
  investigationDeadline: string;
}

/** The link to a submission's details page. */
export function mailLink(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/$/, '')}/dashboard/jotforms/submission/${encodeURIComponent(id)}`;
}

/** How the reporting clock reads on `today`: overdue, due soon (≤ 3 days left), or its date alone. */
export function clockNote(due: string | null, today: string): string {
  if (!due) return 'no reporting clock running';
  if (due < today) return `${due} (overdue)`;
  if (due <= addDays(today, DUE_SOON_DAYS)) return `${due} (due soon)`;
  return due;
}

export function digestLineText(line: DigestLine, today: string, publicUrl: string): string {
  return [
    `Submission ${line.id}${line.chNumber ? ` (${line.chNumber})` : ''} · ${line.status}`,
    `  Reporting due: ${clockNote(line.reportingDue, today)}`,
    `  Investigation deadline: ${line.investigationDeadline}`,
    `  ${mailLink(publicUrl, line.id)}`,
  ].join('\n');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The daily reminder digest to one recipient, as text and HTML. `whose`: "you own" for an owner's
 * digest, "nobody owns" for the notification recipients' one.
 */
export function reminderDigest(lines: DigestLine[], whose: 'owner' | 'unowned', today: string, publicUrl: string): { subject: string; text: string; html: string } {
  const n = lines.length;
  const noun = n === 1 ? 'complaint' : 'complaints';
  const subject = whose === 'owner' ? `Reminder ${today}: ${n} ${noun} of yours with a deadline due` : `Reminder ${today}: ${n} ${noun} without an owner with a deadline due`;
  const intro =
    whose === 'owner'
      ? `These complaints you own have a reporting clock due soon or overdue, or an investigation deadline within 3 days:`
      : `These complaints have nobody assigned and a reporting clock due soon or overdue, or an investigation deadline within 3 days. Assign them in the Quality Portal:`;
  const footer = 'You receive this digest once a day while something is due. Turn it off under My account in the Quality Portal.';
  const text = [intro, '', ...lines.map((l) => digestLineText(l, today, publicUrl)).join('\n\n').split('\n'), '', whose === 'owner' ? footer : ''].join('\n').trimEnd();
  const cell = 'padding:6px 10px;border-bottom:1px solid #e2e8f0;text-align:left;';
  const rows = lines
    .map((l) => {
      const due = clockNote(l.reportingDue, today);
      const urgent = /overdue/.test(due) ? 'color:#b91c1c;font-weight:600;' : /due soon/.test(due) ? 'color:#b45309;font-weight:600;' : '';
      return `<tr><td style="${cell}"><a href="${escapeHtml(mailLink(publicUrl, l.id))}">${escapeHtml(l.id)}</a></td><td style="${cell}">${escapeHtml(l.chNumber ?? '-')}</td><td style="${cell}">${escapeHtml(l.status)}</td><td style="${cell}${urgent}">${escapeHtml(due)}</td><td style="${cell}">${escapeHtml(l.investigationDeadline)}</td></tr>`;
    })
    .join('');
  const head = ['Submission', 'CH number', 'Status', 'Reporting due', 'Investigation deadline'].map((h) => `<th style="${cell}background:#f8fafc;">${h}</th>`).join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;font-size:14px;">
<h1 style="font-size:18px;">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
${whose === 'owner' ? `<p style="color:#475569;font-size:12px;">${escapeHtml(footer)}</p>` : ''}
</body></html>`;
  return { subject, text, html };
}
