import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '@larder/shared-state';
import { DropdownMenu } from '@larder/shared-ui';
import { ChevronDownIcon } from './icons';
import { useLogout } from './useLogout';

/** The signed-in customer's menu: Profile, My Orders, Logout (keyboard operable, from shared-ui). */
export function ProfileMenu({ user }: { user: NonNullable<SessionUser> }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

  return (
    <DropdownMenu
      triggerLabel={`Account menu for ${user.firstName}`}
      triggerClassName="px-1 text-gray-700 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
      trigger={
        <>
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-white">
            {initials}
          </span>
          <ChevronDownIcon className="h-4 w-4" />
        </>
      }
      items={[
        { id: 'profile', label: 'Profile', onSelect: () => navigate('/profile') },
        { id: 'orders', label: 'My Orders', onSelect: () => navigate('/my-orders') },
        { id: 'favourites', label: 'Favourites', onSelect: () => navigate('/favourites') },
        { id: 'usuals', label: 'Your usuals', onSelect: () => navigate('/usuals') },
        { id: 'regulars', label: 'Regular deliveries', onSelect: () => navigate('/regular-deliveries') },
        { id: 'logout', label: 'Logout', onSelect: () => void logout(), danger: true },
      ]}
    />
  );
}
