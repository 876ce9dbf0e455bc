import { Suspense, useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { MESSAGES, STAFF_MESSAGES, STAFF_ROLE_LABELS } from '@larder/shared-domain';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import {
  selectSellerStaff,
  useAppSelector,
  useSellerLogoutByPostMutation,
  errorMessage,
  successMessage,
  toast,
} from '@larder/shared-state';
import { Button, cx, useConfirm } from '@larder/shared-ui';
import { clearOutcomesOf, queuedOutcomes } from '../lib/outcome-queue';
import { landingPath, maySee } from '../lib/role-access';
import { useSellerPath } from './SellerBase';
import { FullPageStatus } from './FullPageStatus';
import {
  ActivityIcon,
  AddBoxIcon,
  CashIcon,
  ChartIcon,
  DashboardIcon,
  ListIcon,
  LogoutIcon,
  MessagesIcon,
  OrdersIcon,
  PickingIcon,
  RefusalIcon,
  SettingsIcon,
  ShieldIcon,
  StaffIcon,
  TagIcon,
  VanIcon,
} from '../components/icons';
import { Logo } from './Logo';

interface MenuEntry {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

const MENU: readonly MenuEntry[] = [
  { to: '', label: 'Dashboard', icon: DashboardIcon, end: true },
  { to: 'add-product', label: 'Add Product', icon: AddBoxIcon },
  { to: 'product-list', label: 'Product List', icon: ListIcon },
  { to: 'promotions', label: 'Promotions', icon: TagIcon },
  { to: 'orders', label: 'Orders', icon: OrdersIcon },
  { to: 'picking', label: 'Picking', icon: PickingIcon },
  { to: 'run', label: 'Run', icon: VanIcon },
  { to: 'cash-up', label: 'Cash-up', icon: CashIcon },
  { to: 'takings', label: 'Takings', icon: ChartIcon },
  { to: 'refusals', label: 'Refusals', icon: RefusalIcon },
  { to: 'messages', label: 'Messages', icon: MessagesIcon },
  { to: 'settings', label: 'Settings', icon: SettingsIcon },
  { to: 'staff', label: 'Staff', icon: StaffIcon },
  { to: 'activity', label: 'Activity', icon: ActivityIcon },
  { to: 'security', label: 'Security', icon: ShieldIcon },
];

/** After moving between screens: back to the top, with focus on the new screen for keyboard and screen readers. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

/**
 * The seller dashboard: header with the logo, who is signed in and Logout, the side menu of the screens their
 * role may use, and the current screen (a screen their role may not use takes them to their own first screen).
 */
export function SellerLayout() {
  const [logout, { isLoading }] = useSellerLogoutByPostMutation();
  const sellerPath = useSellerPath();
  const mainRef = useFocusOnNavigation();
  const staff = useAppSelector(selectSellerStaff);
  const role = staff?.role ?? 'owner';
  const { pathname } = useLocation();
  const base = sellerPath();
  const here = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  // A manager the owner requires to use two-factor sign-in sees only Security until it is on.
  const enrolFirst = staff?.mustEnrolTwoFactor === true;
  const shown = (path: string) =>
    enrolFirst ? path.replace(/^\/+/, '').startsWith('security') : maySee(role, path);

  const confirm = useConfirm();

  /**
   * Signing out clears what this member recorded on the phone and has not sent (a driver's outcomes without
   * signal): they are told how many first, and may stay signed in to send them.
   */
  const signOut = async () => {
    const unsent = staff ? (await queuedOutcomes(staff._id).catch(() => [])).length : 0;
    if (
      unsent > 0 &&
      !(await confirm({
        title: unsent === 1 ? '1 update not sent' : `${unsent} updates not sent`,
        message:
          `${unsent === 1 ? '1 update' : `${unsent} updates`} recorded at the door on this phone ` +
          `${unsent === 1 ? 'has' : 'have'} not reached the shop. Signing out deletes ` +
          `${unsent === 1 ? 'it' : 'them'} from this phone; stay signed in and send ${unsent === 1 ? 'it' : 'them'} when there is signal.`,
        confirmLabel: 'Sign out and delete',
        danger: true,
      }))
    )
      return;
    try {
      const result = await logout().unwrap();
      if (staff) await clearOutcomesOf(staff._id).catch(() => 0);
      toast.success(successMessage(result, MESSAGES.loggedOut));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.logoutFailed));
    }
  };

  return (
    <div className="flex min-h-dvh flex-col bg-white text-gray-900">
      <a
        href="#seller-content"
        className="sr-only print:hidden focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 flex print:hidden items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 py-3 md:px-8">
        <Link to="/" aria-label="Larder shop home" className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <div className="flex min-w-0 items-center gap-4">
          {staff ? (
            <p className="min-w-0 truncate text-sm text-gray-700">
              <span className="sr-only">Signed in as </span>
              <span className="font-medium text-gray-900">{staff.name}</span>
              {/* The role beside the name, unless the name is the role's own ("Owner" signed in as the owner). */}
              {staff.name.trim().toLowerCase() !== STAFF_ROLE_LABELS[staff.role].toLowerCase() && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  {STAFF_ROLE_LABELS[staff.role]}
                </>
              )}
            </p>
          ) : (
            <p className="hidden text-sm text-gray-700 sm:block">Hi! Seller</p>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={signOut}
            loading={isLoading}
            className="rounded-full"
          >
            <LogoutIcon className="h-4 w-4" />
            Logout
          </Button>
        </div>
      </header>
      <div className="flex flex-1">
        {/* On a phone a narrow column of icons, each with its name under it; beside the screen from md on. */}
        <nav
          aria-label="Seller menu"
          className="print:hidden w-20 shrink-0 border-r border-gray-200 pt-4 md:w-64"
        >
          <ul className="flex flex-col gap-1">
            {MENU.filter(({ to }) => shown(to)).map(({ to, label, icon: Icon, end }) => (
              <li key={label}>
                <NavLink
                  to={sellerPath(to)}
                  end={end}
                  className={({ isActive }) =>
                    cx(
                      'flex flex-col items-center gap-1 border-r-4 px-1 py-2 text-xs font-medium transition-colors',
                      'md:flex-row md:justify-start md:gap-3 md:px-6 md:py-3 md:text-sm',
                      isActive
                        ? 'border-primary bg-primary-soft text-brand-800'
                        : 'border-transparent text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                    )
                  }
                >
                  <Icon className="h-6 w-6 shrink-0" />
                  <span className="text-center leading-tight">{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main
          ref={mainRef}
          id="seller-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-10 md:py-8 print:p-0"
        >
          <Suspense fallback={<FullPageStatus label="Loading…" />}>
            {enrolFirst && (
              <p role="status" className="mb-4 rounded-md bg-warning-soft px-4 py-3 text-sm text-warning">
                {STAFF_MESSAGES.twoFactorRequiredForManagers}
              </p>
            )}
            {shown(here) ? (
              <Outlet />
            ) : (
              <Navigate to={sellerPath(enrolFirst ? 'security' : landingPath(role))} replace />
            )}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
