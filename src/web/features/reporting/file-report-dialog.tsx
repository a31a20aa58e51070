import { type FormEvent, useState } from 'react';
import { isCalendarDate } from '#shared/dates';
import { REGIME_LABELS, REPORT_REFERENCE_MAX, type Regime } from '#shared/contract/reporting';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, Modal } from '../../ui/dialog.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { ConfirmStepActions } from './confirm-step-actions.tsx';
import { type AfterReportingWrite, useFileReport } from './api.ts';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Regimes whose clock is still open, the one to preselect first. */
  regimes: readonly Regime[];
  afterWrite: AfterReportingWrite;
  /** Today, YYYY-MM-DD, on the account's calendar: the latest date a report can have been filed. */
  today: string;
}

/** Records that a regime's report went to the authority; read back once, since it closes the clock for good. */
export function FileReportDialog({ id, open, onClose, regimes, afterWrite, today }: Props) {
  const file = useFileReport(afterWrite);
  const [regime, setRegime] = useState<Regime | undefined>(regimes[0]);
  const [reportedOn, setReportedOn] = useState(today);
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const busy = file.isPending;
  const errors = {
    reportedOn: !isCalendarDate(reportedOn) ? 'Choose the date the report was filed.' : reportedOn > today ? 'The date cannot be in the future.' : undefined,
    reference: reference.trim() ? undefined : 'Enter the authority’s reference.',
  };
  const valid = !!regime && !errors.reportedOn && !errors.reference;

  function submit(event: FormEvent) {
    event.preventDefault();
    // A closing dialog (a second click of a double-click after the write) does nothing.
    if (busy || !open) return;
    setTried(true);
    if (!valid || !regime) return;
    if (!confirming) return setConfirming(true);
    file.mutate(
      { id, body: { regime, reportedOn, reference: reference.trim() } },
      {
        onSuccess: () => {
          toast.success('Filed report recorded');
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(messageOf(error, 'Failed to record the filed report'));
        },
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Record filed report" busy={busy} size="md">
      <form onSubmit={submit} noValidate>
        {confirming && regime ? (
          <DialogBody className="space-y-3 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Record the {REGIME_LABELS[regime]} report as filed on {reportedOn}?</p>
            <p>
              Reference <span className="font-medium text-slate-900 wrap-anywhere">{reference.trim()}</span>. This closes the regime’s reporting clock and cannot be undone.
            </p>
          </DialogBody>
        ) : (
          <DialogBody className="space-y-4">
            <Select label="Regime" options={regimes.map((r) => ({ value: r, label: REGIME_LABELS[r] }))} value={regime ?? ''} onChange={(e) => setRegime(e.target.value as Regime)} />
            <DateInput label="Reported on" max={today} value={reportedOn} onChange={setReportedOn} error={tried ? errors.reportedOn : undefined} required />
            <Input
              label="Reference"
              value={reference}
              maxLength={REPORT_REFERENCE_MAX}
              onChange={(e) => setReference(e.target.value)}
              placeholder="e.g. MedWatch or EUDAMED number"
              error={tried ? errors.reference : undefined}
              required
              autoFocus
            />
          </DialogBody>
        )}
        <ConfirmStepActions confirming={confirming} busy={busy} onBack={() => setConfirming(false)} onCancel={onClose} nextLabel="Continue" />
      </form>
    </Modal>
  );
}
