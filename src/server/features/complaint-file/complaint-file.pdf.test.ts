import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';
import { bearer } from '../../../../tests/support/test-app.ts';

const f = complaintFile();
const at = (id: string, tail: string) => `/v1/jotforms/submission/${id}/${tail}`;

/** The PDF's text as poppler's pdftotext reads it, pages separated by form feeds. */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'complaint-file-'));
  writeFileSync(join(dir, 'file.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'file.pdf'), '-'], { encoding: 'utf8' });
}

describe('the complaint file as a PDF', () => {
  // A busy machine takes its time over a dozen signed steps and the PDF.
  it('prints every section, the signatures with name and meaning, "x of y" and the snapshot hash on every page; the download is audited', { timeout: 120_000 }, async () => {
    const zoe = await f.t.createUser('staff', { name: 'Zoë Çelik-Ångström' });
    const zoeHeaders = bearer((await f.t.login(zoe.email, zoe.password)).access);
    const { id } = await f.emulator.addSubmission({ [DEMO_QID.awareDate]: '2025-06-10' });
    await f.t.app.services.sync.syncOnce();
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
    ok(await f.send('PUT', at(id, 'reportability'), { decision: 'reportable', rationale: 'Burn needing treatment after the strap failed.', category: 'standard', signature: await f.sign('Reportability decided', zoeHeaders) }, zoeHeaders));
    ok(await f.send('POST', at(id, 'reportability/reports'), { regime: 'US_MDR', reportedOn: '2025-06-12', reference: 'MW5012345' }));
    ok(await f.send('POST', at(id, 'reportability/reports'), { regime: 'EU_MDR', reportedOn: '2025-06-12', reference: 'EUDAMED-42' }));
    ok(await f.send('POST', at(id, 'followups'), { text: 'Called the patient about the strap.', method: 'phone', outcome: 'Reached' }));
    ok(await f.send('PUT', at(id, 'codes'), { codes: ['A050401', 'F1905'] }));
    ok(await f.send('PATCH', at(id, 'review'), { decision: 'approve' }));
    ok(await f.send('PATCH', at(id, 'quality-process'), { chTitle: 'Strap failure' }));
    ok(await f.send('PUT', at(id, 'investigation'), { outcome: 'investigated', summary: 'Strap batch tested: adhesive below spec.', result: 'Supplier corrective action raised.', signature: await f.sign('Investigation reviewed') }));
    ok(await f.send('PUT', at(id, 'reply'), { outcome: 'replied', repliedOn: '2025-06-14', channel: 'letter', text: 'We replaced your strap, 王先生.' }));
    ok(await f.send('POST', at(id, 'close'), { summary: 'Investigated, reported and answered.', signature: await f.sign('Complaint closed') }));

    const res = await f.send('GET', at(id, 'complaint-file.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="complaint-file-${id}.pdf"`);
    const text = textOf(res.rawPayload);
    for (const section of ['Complaint answers', 'Follow-ups (good-faith efforts)', 'Reportability decisions and signatures', 'Reporting clocks and reports', 'Investigation', 'Reply to the complainant', 'Arena quality process', 'Closure', 'Appendix: history of the record']) {
      expect(text, section).toContain(section);
    }
    expect(text).toContain('Owner: Nobody');
    // The codes, each with its release, coder and time.
    expect(text).toContain('IMDRF codes');
    expect(text).toMatch(/A050401 \(Annex A\): Fluid\/Blood Leak — IMDRF AE terminology, Release 2023 \(31 January 2023\);\s+coded by Dana\s+Reyes, 2025-06-15 12:00 EDT/);
    expect(text).toMatch(/F1905 \(Annex F\): Device Revision or Replacement/);
    expect(text).toContain('Attempts: 1');
    expect(text).toMatch(/Signed by Zoë Çelik-Ångström, 2025-06-15 12:00 EDT, meaning\s+"Reportability decided"/);
    expect(text).toMatch(/Signed by Dana Reyes, 2025-06-15 12:00 EDT, meaning "Investigation reviewed"/);
    expect(text).toMatch(/Signed by Dana Reyes, 2025-06-15 12:00 EDT, meaning "Complaint closed"/);
    // The history appendix shows each signature the same way: printed name, moment with zone, meaning.
    const appendix = text.slice(text.lastIndexOf('Appendix: history of the record'));
    expect(appendix).toMatch(/2025-06-15 12:00 EDT, Zoë Çelik-Ångström: signed electronically, meaning\s+"Reportability\s+decided"/);
    expect(appendix).toMatch(/2025-06-15 12:00 EDT, Dana Reyes: signed electronically, meaning\s+"Complaint\s+closed"/);
    expect(text).toContain('Burn needing treatment after the strap failed.');
    expect(text).toContain('EUDAMED-42');
    expect(text).toMatch(/CH number: CH-\d+/);
    // A name in a script the font lacks prints a clear replacement, and the file says so.
    expect(text).toContain('We replaced your strap, [?][?]');
    expect(text).toContain("Characters this file's font cannot print are shown as [?]");
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    const [entry] = (await f.t.database.pool.query("select after from audit_events where entity_id = $1 and action = 'exported'", [id])).rows as { after: { file: string; hash: string } }[];
    expect(entry?.after.file).toBe(`complaint-file-${id}.pdf`);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain(`Record snapshot SHA-256: ${entry!.after.hash}`);
      expect(page).toContain('Generated 2025-06-15 12:00 EDT');
    });
  });

  it('is 404 for an unknown submission, and asks for a sign-in', async () => {
    expect((await f.send('GET', at('999999', 'complaint-file.pdf'))).statusCode).toBe(404);
    expect((await f.t.request({ method: 'GET', url: at(f.ids.early, 'complaint-file.pdf') })).statusCode).toBe(401);
  });
});
