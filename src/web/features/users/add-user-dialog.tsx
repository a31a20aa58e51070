import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { useCreateUser } from './api.ts';
import { UserFormFields } from './user-form-fields.tsx';
import { EMPTY_USER_FORM, type UserFormErrors, toCreateBody, validateUserForm } from './user-form.ts';

/** 'Add User' modal; on success the form closes and resets and the list reloads. */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const [values, setValues] = useState(EMPTY_USER_FORM);
  const [errors, setErrors] = useState<UserFormErrors>({});

  function close() {
    setValues(EMPTY_USER_FORM);
    setErrors({});
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUserForm(values, 'create');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(toCreateBody(values), {
      onSuccess: () => {
        toast.success('User Created!');
        close();
      },
      onError: (error) => toast.error(messageOf(error, 'User Creation Failed')),
    });
  }

  return (
    <Modal open={open} onClose={close} title="Add User" description="The new user signs in with this email and password." busy={create.isPending}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <UserFormFields mode="create" values={values} errors={errors} onChange={setValues} />
        </DialogBody>
        <FormActions onCancel={close} busy={create.isPending} />
      </form>
    </Modal>
  );
}
