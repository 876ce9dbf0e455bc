import { useState, type FormEvent } from 'react';
import {
  ASSIGNABLE_STAFF_ROLES,
  MESSAGES,
  MIN_STAFF_PASSWORD_LENGTH,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type AssignableStaffRole,
} from '@larder/shared-domain';
import {
  useAddStaffMutation,
  useListStaffQuery,
  useRemoveStaffMutation,
  useUpdateStaffMutation,
  type StaffMemberDto,
  errorMessage,
  successMessage,
  toast,
} from '@larder/shared-state';
import { Badge, Button, Select, Skeleton, TextInput, useConfirm, useDocumentTitle } from '@larder/shared-ui';

const ROLE_OPTIONS = ASSIGNABLE_STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** What each role may do, as the owner chooses one. */
const ROLE_HINTS: Record<AssignableStaffRole, string> = {
  manager: 'Products, prices, stock, settings, orders, refunds, figures and the activity log.',
  picker: 'Sees the orders and the pick list, and picks orders.',
  driver: 'Run sheets, taking orders out and recording deliveries.',
};

/** The owner's staff: who may sign in to the seller area, with which role. */
export default function StaffPage() {
  useDocumentTitle('Staff');
  const { data, isLoading, isError, refetch } = useListStaffQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Staff</h1>
        <p className="mt-1 text-sm text-gray-600">
          Who may sign in to the seller area, and what each of them may do.
        </p>
      </div>
      <section aria-labelledby="staff-list-heading" className="flex flex-col gap-3">
        <h2 id="staff-list-heading" className="text-lg font-semibold text-gray-900">
          Members
        </h2>
        {isLoading ? (
          <>
            <p role="status" className="sr-only">
              Loading the staff
            </p>
            <div className="flex flex-col gap-3" aria-hidden="true">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          </>
        ) : isError || !data ? (
          <div role="alert" className="rounded-xl border border-danger-soft p-4">
            <p className="text-sm text-danger">The staff could not be loaded.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.staff.map((member) => (
              <MemberCard key={member._id} member={member} />
            ))}
          </ul>
        )}
      </section>
      <AddMember />
    </div>
  );
}

function MemberCard({ member }: { member: StaffMemberDto }) {
  const [editing, setEditing] = useState(false);
  const [update, { isLoading: saving }] = useUpdateStaffMutation();
  const [remove, { isLoading: removing }] = useRemoveStaffMutation();
  const confirm = useConfirm();
  const isOwner = member.role === 'owner';
  const headingId = `staff-${member._id}`;

  const setActive = async (active: boolean) => {
    if (
      !active &&
      !(await confirm({
        title: `Deactivate ${member.name}?`,
        message: 'They are signed out at once and can no longer sign in until you reactivate them.',
        confirmLabel: 'Deactivate',
        danger: true,
      }))
    )
      return;
    try {
      const result = await update({ id: member._id, updateStaffDto: { active } }).unwrap();
      toast.success(successMessage(result, STAFF_MESSAGES.staffUpdated));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.somethingWentWrong));
    }
  };

  const removeMember = async () => {
    if (
      !(await confirm({
        title: `Remove ${member.name}?`,
        message: 'They are signed out at once. What they did stays in the activity log under their name.',
        confirmLabel: 'Remove',
        danger: true,
      }))
    )
      return;
    try {
      const result = await remove({ id: member._id }).unwrap();
      toast.success(successMessage(result, STAFF_MESSAGES.staffRemoved));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.somethingWentWrong));
    }
  };

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <article aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold wrap-anywhere text-gray-900">
              {member.name}
            </h3>
            <p className="text-sm wrap-anywhere text-gray-600">{member.email}</p>
          </div>
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={isOwner ? 'info' : 'neutral'}>{STAFF_ROLE_LABELS[member.role]}</Badge>
            {!member.active && <Badge tone="danger">Deactivated</Badge>}
            {member.mustChangePassword && <Badge tone="warning">First password</Badge>}
            {member.twoFactor && <Badge tone="success">Two-factor</Badge>}
          </p>
        </div>
        {editing ? (
          <EditMember member={member} onDone={() => setEditing(false)} />
        ) : isOwner ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-600">
              The shop&apos;s owner: signs in with the configured e-mail and password.
            </p>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit name<span className="sr-only"> of {member.name}</span>
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit<span className="sr-only"> {member.name}</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              loading={saving}
              onClick={() => void setActive(!member.active)}
            >
              {member.active ? 'Deactivate' : 'Reactivate'}
              <span className="sr-only"> {member.name}</span>
            </Button>
            <Button variant="danger" size="sm" loading={removing} onClick={() => void removeMember()}>
              Remove<span className="sr-only"> {member.name}</span>
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

function EditMember({ member, onDone }: { member: StaffMemberDto; onDone: () => void }) {
  const [name, setName] = useState(member.name);
  const [role, setRole] = useState<AssignableStaffRole>(member.role === 'owner' ? 'manager' : member.role);
  const [twoFactorRequired, setTwoFactorRequired] = useState(member.twoFactorRequired);
  const [error, setError] = useState<string>();
  const [update, { isLoading }] = useUpdateStaffMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await update({
        id: member._id,
        updateStaffDto:
          member.role === 'owner'
            ? { name: name.trim() }
            : { name: name.trim(), role, ...(role === 'manager' ? { twoFactorRequired } : {}) },
      }).unwrap();
      toast.success(successMessage(result, STAFF_MESSAGES.staffUpdated));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.somethingWentWrong));
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-md" noValidate>
      <TextInput
        label="Name"
        value={name}
        required
        maxLength={80}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      {member.role !== 'owner' && (
        <Select
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          hint={ROLE_HINTS[role]}
          onChange={(event) => setRole(event.target.value as AssignableStaffRole)}
        />
      )}
      {member.role !== 'owner' && role === 'manager' && (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            checked={twoFactorRequired}
            onChange={(event) => setTwoFactorRequired(event.target.checked)}
            className="h-4 w-4 accent-primary"
          />
          Must use two-factor sign-in
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={isLoading}>
          Save
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AddMember() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<AssignableStaffRole>('picker');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [add, { isLoading }] = useAddStaffMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < MIN_STAFF_PASSWORD_LENGTH) {
      setError(STAFF_MESSAGES.passwordTooShort);
      return;
    }
    try {
      const result = await add({
        addStaffDto: { email: email.trim(), name: name.trim(), role, password },
      }).unwrap();
      toast.success(successMessage(result, STAFF_MESSAGES.staffAdded));
      setEmail('');
      setName('');
      setPassword('');
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.somethingWentWrong));
    }
  };

  return (
    <section aria-labelledby="add-staff-heading" className="rounded-xl border border-gray-200 p-4 md:p-6">
      <h2 id="add-staff-heading" className="text-lg font-semibold text-gray-900">
        Add a member
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Give them the first password yourself: they choose their own when they first sign in.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <TextInput
          label="Name"
          name="staff-name"
          required
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextInput
          label="Email"
          type="email"
          name="staff-email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Select
          label="Role"
          name="staff-role"
          value={role}
          options={ROLE_OPTIONS}
          hint={ROLE_HINTS[role]}
          onChange={(event) => setRole(event.target.value as AssignableStaffRole)}
        />
        <TextInput
          label="First password"
          type="text"
          name="staff-password"
          autoComplete="off"
          required
          hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" loading={isLoading}>
            Add member
          </Button>
        </div>
      </form>
    </section>
  );
}
