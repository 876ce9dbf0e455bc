import { SHOP_MANAGERS, STAFF_ROLES, type StaffRole } from '@larder/shared-domain';

/**
 * Which roles see each screen of the seller area, by the first part of its path ('' is the dashboard), as the API
 * allows them: pickers pick, drivers take the run sheets, the owner manages the staff. A screen not named here is
 * for the owner and managers, as a seller route that names no roles is.
 */
export const SCREEN_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  '': SHOP_MANAGERS,
  'add-product': SHOP_MANAGERS,
  'edit-product': SHOP_MANAGERS,
  'product-list': SHOP_MANAGERS,
  promotions: SHOP_MANAGERS,
  messages: SHOP_MANAGERS,
  settings: SHOP_MANAGERS,
  activity: SHOP_MANAGERS,
  takings: SHOP_MANAGERS,
  refusals: SHOP_MANAGERS,
  'cash-up': SHOP_MANAGERS,
  orders: ['owner', 'manager', 'picker'],
  picking: ['owner', 'manager', 'picker'],
  'run-sheet': ['owner', 'manager', 'driver'],
  run: ['owner', 'manager', 'driver'],
  staff: ['owner'],
  security: STAFF_ROLES,
};

/** Whether a member with `role` sees the screen at `path` (relative to the seller area, e.g. "picking/x"). */
export function maySee(role: StaffRole, path: string): boolean {
  const screen = path.replace(/^\/+/, '').split('/')[0] ?? '';
  const roles = Object.hasOwn(SCREEN_ROLES, screen) ? SCREEN_ROLES[screen] : SHOP_MANAGERS;
  return roles.includes(role);
}

/** Where a member lands on signing in: a picker on Picking, a driver on their Run, the others on the dashboard. */
export function landingPath(role: StaffRole): string {
  if (role === 'picker') return 'picking';
  if (role === 'driver') return 'run';
  return '';
}
