import { type DigestLine, digestLineText } from '../mail/index.ts';

/**
 * The e-mail telling a user a complaint was assigned to them: identifiers, clocks and a link, never
 * names of patients or submitters (docs/product.md, Notification mail).
 */
export function assignmentMail(line: DigestLine, assignedBy: string, today: string, publicUrl: string): { subject: string; text: string } {
  const subject = `Submission ${line.id}${line.chNumber ? ` (${line.chNumber})` : ''} assigned to you`;
  const text = [`${assignedBy} assigned this complaint to you in the Quality Portal:`, '', digestLineText(line, today, publicUrl)].join('\n');
  return { subject, text };
}
