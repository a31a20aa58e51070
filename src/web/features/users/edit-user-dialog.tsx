import { type FormEvent, useState } from 'react';
import type { User } from '#shared/contract/users';
import { messageOf } from '../../lib/api-client.ts';
import { session, useCurrentUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DialogActions, DialogBody, Modal } from '../../ui/dialog.tsx';
import { useRestrictUser, useUpdateUser } from './api.ts';
import { RestrictToggle } from './restrict-toggle.tsx';
import { UserFormFields } from './user-form-fields.tsx';
import { type UserFormErrors, formFromUser, toUpdateBody, validateUserForm } from './user-form.ts';

interface Props {
  /** A super_admin is never passed here: they cannot be edited or restricted (spec §6). */
  user: User;
  open: boolean;
  onClose: () => void;
}

export function EditUserDialog({ user, open, onClose }: Props) {
  const me = useCurrentUser();
  const update = useUpdateUser();
  const restrict = useRestrictUser();
  const [values, setValues] = useState(() => formFromUser(user));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [restricted, setRestricted] = useState(user.isRestricted);
  const busy = update.isPending || restrict.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUserForm(values, 'edit');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toUpdateBody(values, user);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { userId: user.id, body },
      {
        onSuccess: ({ results }) => {
          // Editing oneself: the top bar shows the new name at once.
          if (results.id === me?.id) session.setUser(results);
          toast.success('User Updated!');
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, 'User Update failed')),
      },
    );
  }

  function toggleRestriction() {
    const next = !restricted;
    restrict.mutate(
      { userId: user.id, isRestricted: next },
      {
        onSuccess: () => {
          setRestricted(next);
          toast.success(next ? 'User Restricted' : 'User Unrestricted');
        },
        onError: (error) => toast.error(messageOf(error, 'Failed to restrict user')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Edit User" description={`Update ${user.name}. Empty fields stay as they are.`} busy={busy}>
      <form noValidate onSubmit={submit}>
        <DialogBody className="space-y-5">
          <UserFormFields mode="edit" values={values} errors={errors} onChange={setValues} />
          <RestrictToggle restricted={restricted} onToggle={toggleRestriction} busy={restrict.isPending} disabledReason={user.id === me?.id ? 'You cannot restrict your own account.' : undefined} />
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending} busyText="Please wait..." disabled={restrict.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
}
