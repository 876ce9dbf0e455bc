import { useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import { openLogin, selectUser, useAppDispatch, useAppSelector } from '@larder/shared-state';
import { Button, cx, useFocusTrap } from '@larder/shared-ui';
import { CloseIcon } from './icons';
import { NAV_LINKS } from './nav-links';
import { useLogout } from './useLogout';

interface MobileDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Gets the focus back when the drawer closes (the menu button). */
  returnFocusRef: RefObject<HTMLElement | null>;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block rounded-md px-3 py-3 text-base font-medium',
    isActive ? 'bg-primary-soft text-primary' : 'text-gray-800 hover:bg-gray-100',
  );

/** The phone navigation: a side panel with the navbar's links that traps focus and closes on Escape. */
export function MobileDrawer({ id, open, onClose, returnFocusRef }: MobileDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const logout = useLogout();

  useFocusTrap(panelRef, open, {
    onEscape: (event) => {
      event.preventDefault();
      onClose();
    },
    returnFocus: () => returnFocusRef.current,
  });

  if (!open) return null;

  return createPortal(
    <div
      className="fixed inset-0 z-50 bg-black/40 md:hidden"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
          <span className="text-lg font-semibold text-gray-900">Menu</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass} onClick={onClose}>
                  {link.text}
                </NavLink>
              </li>
            ))}
            {user && (
              <>
                <li>
                  <NavLink to="/profile" className={linkClass} onClick={onClose}>
                    Profile
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/my-orders" className={linkClass} onClick={onClose}>
                    My Orders
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/favourites" className={linkClass} onClick={onClose}>
                    Favourites
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/usuals" className={linkClass} onClick={onClose}>
                    Your usuals
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/regular-deliveries" className={linkClass} onClick={onClose}>
                    Regular deliveries
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="border-t border-gray-200 p-4">
          {user ? (
            <>
              <p className="mb-3 truncate text-sm text-gray-600">
                Signed in as <span className="font-medium text-gray-900">{user.firstName}</span>
              </p>
              <Button
                variant="secondary"
                fullWidth
                onClick={() => {
                  onClose();
                  void logout();
                }}
              >
                Logout
              </Button>
            </>
          ) : (
            <Button
              fullWidth
              onClick={() => {
                onClose();
                dispatch(openLogin('signup'));
              }}
            >
              Sign up
            </Button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
