import { type FormEvent, useState } from 'react';
import type { EmailConfig } from '#shared/contract/email-config';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { useAddEmail, useUpdateEmail } from './api.ts';
import { emailProblem } from './email-validity.ts';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Checks the form's email input; focuses it and returns the problem when there is one. */
function checkEmail(form: HTMLFormElement): string | undefined {
  const input = form.elements.namedItem('email');
  if (!(input instanceof HTMLInputElement)) return undefined;
  const problem = emailProblem(input);
  if (problem) input.focus();
  return problem;
}

export function AddEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function close() {
    setEmail('');
    setError(undefined);
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkEmail(event.currentTarget);
    setError(problem);
    if (problem) return;
    add.mutate(email.trim(), {
      onSuccess: () => {
        toast.success('Email added successfully!');
        close();
      },
      onError: (err) => toast.error(messageOf(err, 'Failed to add email!')),
    });
  }

  return (
    <Modal open={open} onClose={close} title="Add Email" description="The address is active at once: it is emailed when a submission is marked delivered." busy={add.isPending} size="sm">
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <Input label="Email" name="email" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        </DialogBody>
        <FormActions onCancel={close} busy={add.isPending} />
      </form>
    </Modal>
  );
}

/** Email and a status select (docs/product.md, Forms: active and inactive are edited through it). */
export function EditEmailDialog({ config, open, onClose }: { config: EmailConfig; open: boolean; onClose: () => void }) {
  const update = useUpdateEmail();
  const [email, setEmail] = useState(config.email);
  const [active, setActive] = useState(config.active);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Save does nothing while the email is empty (the field says why).
    const problem = checkEmail(event.currentTarget);
    setError(problem);
    if (problem) return;
    update.mutate(
      { id: config.id, email: email.trim(), active },
      {
        onSuccess: () => {
          toast.success('Email updated successfully!');
          onClose();
        },
        onError: (err) => toast.error(messageOf(err, 'Failed to update email')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Edit Email" description="Only active addresses are emailed." busy={update.isPending} size="sm">
      <form noValidate onSubmit={submit}>
        <DialogBody className="space-y-4">
          <Input label="Email" name="email" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
          <Select label="Status" name="status" options={STATUS_OPTIONS} value={active ? 'active' : 'inactive'} onChange={(e) => setActive(e.target.value === 'active')} />
        </DialogBody>
        <FormActions onCancel={onClose} busy={update.isPending} />
      </form>
    </Modal>
  );
}
