import { useState } from 'react';
import { complaintFileApi, complaintFileName } from '#shared/contract/complaint-file';
import { apiBlob, messageOf } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

/** "Download complaint file": the whole record as one PDF (its download goes on the record). */
export function DownloadComplaintFile({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      const pdf = await apiBlob(complaintFileApi.pdf, { params: { id }, fallback: 'Failed to download the complaint file' });
      downloadFile(complaintFileName(id), pdf, 'application/pdf');
      toast.success('Complaint file downloaded');
    } catch (error) {
      toast.error(messageOf(error, 'Failed to download the complaint file'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" busy={busy} busyText="Preparing..." onClick={() => void download()}>
      <Icon name="download" className="size-4" />
      Download complaint file
    </Button>
  );
}
