import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { api, useAppDispatch, useUpdatePhoneMutation, errorMessage, toast } from '@larder/shared-state';
import { Button, TextInput, cx } from '@larder/shared-ui';

interface PhoneEditorProps {
  phone: string | null;
  className?: string;
}

/** The phone number shown ("Not added" when empty) with Edit, then Save and Cancel. */
export function PhoneEditor({ phone, className }: PhoneEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [updatePhone, { isLoading }] = useUpdatePhoneMutation();
  const dispatch = useAppDispatch();
  const editRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where focus goes after switching mode: into the input when editing starts, back to Edit when it ends.
  const focusAfterSwitch = useRef(false);

  useEffect(() => {
    if (!focusAfterSwitch.current) return;
    focusAfterSwitch.current = false;
    (editing ? inputRef.current : editRef.current)?.focus();
  }, [editing]);

  function switchTo(next: boolean) {
    focusAfterSwitch.current = true;
    setEditing(next);
  }

  function startEditing() {
    setDraft(phone ?? '');
    switchTo(true);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    try {
      const { phone: stored } = await updatePhone({ updatePhoneDto: { phone: draft.trim() } }).unwrap();
      dispatch(
        api.util.updateQueryData('getProfile', undefined, (profile) => {
          profile.user.phone = stored;
        }),
      );
      switchTo(false);
      toast.success(MESSAGES.phoneUpdated);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  if (editing) {
    return (
      <form onSubmit={save} className={cx('flex flex-col gap-2', className)} aria-label="Edit phone">
        <TextInput
          ref={inputRef}
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') switchTo(false);
          }}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" loading={isLoading}>
            Save
          </Button>
          <Button variant="secondary" size="sm" onClick={() => switchTo(false)} disabled={isLoading}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <dl className={cx('flex flex-col gap-1', className)}>
      <dt className="text-sm font-medium text-gray-800">Phone</dt>
      <dd className="flex flex-wrap items-center gap-3">
        <span className={phone ? 'text-gray-900' : 'text-gray-600 italic'} data-testid="phone-value">
          {phone || MESSAGES.phoneNotAdded}
        </span>
        <Button ref={editRef} variant="secondary" size="sm" onClick={startEditing}>
          Edit<span className="sr-only"> phone</span>
        </Button>
      </dd>
    </dl>
  );
}
