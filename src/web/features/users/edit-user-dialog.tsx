import { type FormEvent, useState } from 'react';
import type { User } from '#shared/contract/users';
import { messageOf } from '../../lib/api-client.ts';
import { session, useCurrentUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DialogBody, Modal } from '../../ui/dialog.tsx';
import { useRestrictUser, useUpdateUser, useUserSignIn } from './api.ts';
import { RestrictToggle } from './restrict-toggle.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';
import { SsoLink } from './sso-link.tsx';
import { TwoStepReset } from './two-step-reset.tsx';
import { type LockableField, UserFormFields } from './user-form-fields.tsx';
import { type UserFormErrors, formFromUser, toUpdateBody, validateUserForm } from './user-form.ts';

interface Props {
  /** A super_admin is never passed here: they cannot be edited or restricted (docs/product.md, Roles). */
  user: User;
  open: boolean;
  onClose: () => void;
}

/**
 * What this person may not do to this row (the server refuses it too): admins manage staff and
 * members; another admin's credentials and access are a super_admin's; one's own password
 * changes on My account, which asks for the current one.
 */
function limitsFor(user: User, me: User | null): { locked: readonly LockableField[]; note?: string; restrict?: string; signOut?: string; twoStep?: string; sso?: string } {
  if (user.id === me?.id) {
    return {
      locked: ['password'],
      note: 'Change your own password on My account.',
      restrict: 'You cannot restrict your own account.',
      signOut: 'Sign out your other sessions on My account.',
      twoStep: 'Turn your own two-step verification off on My account.',
      sso: 'Link your own account on My account.',
    };
  }
  if (user.role === 'admin' && me?.role !== 'super_admin') {
    return {
      locked: ['email', 'password', 'role'],
      note: "Only a super_admin can change another admin's email, password or role.",
      restrict: 'Only a super_admin can restrict another admin.',
      signOut: 'Only a super_admin can sign out another admin.',
      twoStep: "Only a super_admin can reset another admin's two-step verification.",
      sso: "Only a super_admin can change another admin's single sign-on.",
    };
  }
  return { locked: [] };
}

/** The identity provider gives the role (docs/features/single-sign-on.md): the server refuses a change here too. */
const ROLE_FROM_PROVIDER = "This user's role comes from your organisation's sign-in service. Change it there.";

export function EditUserDialog({ user, open, onClose }: Props) {
  const me = useCurrentUser();
  const signIn = useUserSignIn(user.id).data;
  const limits = limitsFor(user, me);
  const roleFromProvider = !!signIn?.roleFromProvider;
  const locked: readonly LockableField[] = roleFromProvider && !limits.locked.includes('role') ? [...limits.locked, 'role'] : limits.locked;
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
          {[limits.note, roleFromProvider ? ROLE_FROM_PROVIDER : undefined].filter(Boolean).map((note) => (
            <p key={note} className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
              {note}
            </p>
          ))}
          <UserFormFields mode="edit" values={values} errors={errors} onChange={setValues} locked={locked} />
        </DialogBody>
        {/* Save and Cancel sit right under the fields they apply to; the access section below acts on its own. */}
        <div className="flex flex-col-reverse gap-3 px-6 pb-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending} busyText="Please wait..." disabled={restrict.isPending}>
            Save
          </Button>
        </div>
      </form>
      <section aria-labelledby="edit-user-access" className="space-y-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-6 py-5">
        <div>
          <h3 id="edit-user-access" className="text-sm font-semibold text-slate-900">
            Access
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">These take effect immediately: Save and Cancel do not apply to them.</p>
        </div>
        <RestrictToggle restricted={restricted} onToggle={toggleRestriction} busy={restrict.isPending} disabledReason={limits.restrict} />
        <SignOutEverywhere user={user} disabledReason={limits.signOut} />
        <TwoStepReset user={user} signIn={signIn} disabledReason={limits.twoStep} />
        <SsoLink user={user} signIn={signIn} disabledReason={limits.sso} />
      </section>
    </Modal>
  );
}
