import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { useDeleteAccountMutation, errorMessage, toast } from '@larder/shared-state';
import { Button, useConfirm } from '@larder/shared-ui';

/** The Delete Account tab: a warning and a red button behind two confirmations in sequence. */
export function DeleteAccount() {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  async function onDelete() {
    const first = await confirm({
      title: MESSAGES.deleteAccountConfirm1,
      confirmLabel: 'Continue',
      danger: true,
    });
    if (!first) return;
    const second = await confirm({
      title: MESSAGES.deleteAccountConfirm2,
      confirmLabel: 'Yes, delete my account',
      danger: true,
    });
    if (!second) return;
    try {
      await deleteAccount().unwrap();
      // shared-state forgets the session and the cart when the deletion succeeds.
      toast.success(MESSAGES.accountDeleted);
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div>
      <h2 className="text-xl font-semibold text-gray-900">Delete Account</h2>
      <div
        role="note"
        className="mt-4 rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-gray-900"
      >
        <p className="font-semibold text-danger">This action is permanent and cannot be undone.</p>
        <p className="mt-2">
          Deleting your account removes your profile, saved addresses and cart, and cancels any pending
          orders. Past orders are kept for our records without your personal details.
        </p>
      </div>
      <Button variant="danger" className="mt-6" onClick={() => void onDelete()} loading={isLoading}>
        Delete Account
      </Button>
    </div>
  );
}
