import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { ROLE_OPTIONS, type UserFormErrors, type UserFormValues } from './user-form.ts';

interface Props {
  values: UserFormValues;
  errors: UserFormErrors;
  onChange: (values: UserFormValues) => void;
  mode: 'create' | 'edit';
  /** Fields this person may not change here (another admin's credentials, their own password). */
  locked?: readonly LockableField[] | undefined;
}

export type LockableField = 'email' | 'password' | 'role';

/** Name, email, password and role, shared by the Add User and Edit User dialogs. */
export function UserFormFields({ values, errors, onChange, mode, locked = [] }: Props) {
  const required = mode === 'create';
  const set = (patch: Partial<UserFormValues>) => onChange({ ...values, ...patch });
  return (
    <div className="space-y-4">
      <Input label="Name" name="name" autoComplete="off" required={required} value={values.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
      <Input label="Email" name="email" type="email" autoComplete="off" required={required} value={values.email} onChange={(e) => set({ email: e.target.value })} error={errors.email} disabled={locked.includes('email')} />
      <Input
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required={required}
        value={values.password}
        onChange={(e) => set({ password: e.target.value })}
        error={errors.password}
        disabled={locked.includes('password')}
        hint={mode === 'edit' ? 'Leave blank to keep the current password.' : 'At least 8 characters, with a letter and a number.'}
      />
      <Select
        label="Role"
        name="role"
        required={required}
        placeholder="-- Select Role --"
        options={ROLE_OPTIONS}
        value={values.role}
        onChange={(e) => set({ role: e.target.value as UserFormValues['role'] })}
        error={errors.role}
        disabled={locked.includes('role')}
      />
    </div>
  );
}
