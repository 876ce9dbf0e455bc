/**
 * The people who run the shop from the seller area. The configured seller is the owner; the owner adds managers,
 * pickers and drivers. What each role may do is declared beside every seller route (`@SellerAuth(...roles)`).
 */
export const STAFF_ROLES = ['owner', 'manager', 'picker', 'driver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles a member may be given by the owner (there is one owner: the configured seller). */
export const ASSIGNABLE_STAFF_ROLES = ['manager', 'picker', 'driver'] as const satisfies readonly StaffRole[];
export type AssignableStaffRole = (typeof ASSIGNABLE_STAFF_ROLES)[number];

/** Who may use a seller route when it names no roles: running the shop (products, prices, settings, money). */
export const SHOP_MANAGERS = ['owner', 'manager'] as const satisfies readonly StaffRole[];

/** What a member of staff reads about their account and the staff list (API answers and the seller portal). */
export const STAFF_MESSAGES = {
  mustChangePassword: 'Please choose a new password.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'Your current password is not right.',
  newPasswordSame: 'Choose a password different from the one you have now.',
  emailTaken: 'That e-mail address is already used by a member of staff.',
  staffAdded: 'Member of staff added.',
  staffUpdated: 'Member of staff updated.',
  staffRemoved: 'Member of staff removed.',
  staffNotFound: 'Member of staff not found.',
  ownerUnchangeable: "The owner's account is set in the shop's configuration and cannot be changed here.",
  roleInvalid: 'Role must be one of manager, picker, driver.',
  nameInvalid: 'Please enter a name of 1 to 80 characters.',
  twoFactorRequiredForManagers: 'Managers must turn on two-factor sign-in before going on.',
  passwordTooShort: 'A password must be at least 12 characters.',
  passwordGuessable: 'That password is too easy to guess: choose one nobody would guess.',
} as const;

/** The shortest password of a member of staff (as the owner's in production). */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

/** How the seller portal names each role. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  picker: 'Picker',
  driver: 'Driver',
};

/** The longest name of a member of staff. */
export const MAX_STAFF_NAME_LENGTH = 80;

/** What an entry of the activity log touched (its `kind`); the Activity page filters by these. */
export const ACTIVITY_KINDS = ['product', 'order', 'settings', 'staff', 'sign-in', 'two-factor'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  product: 'Products',
  order: 'Orders',
  settings: 'Settings',
  staff: 'Staff',
  'sign-in': 'Sign-in',
  'two-factor': 'Two-factor',
};

export const ACTIVITY_MESSAGES = {
  dateInvalid: 'Please give a date as YYYY-MM-DD',
  kindInvalid: `Kind must be one of ${ACTIVITY_KINDS.join(', ')}`,
  actorInvalid: 'Person must be the id of a member of staff',
} as const;

/** The roles that work the orders' floor: `@SellerAuth(...FULFILMENT_ROLES)` on the fulfilment call. */
export const FULFILMENT_ROLES = [
  'owner',
  'manager',
  'picker',
  'driver',
] as const satisfies readonly StaffRole[];

/**
 * Who may move an order to each fulfilment stage: pickers pick, drivers dispatch and record what happened at the
 * door; a stage not named here (re-booking a failed delivery as `placed`) is for the owner and managers.
 */
export const FULFILMENT_STAGE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  picking: ['owner', 'manager', 'picker'],
  picked: ['owner', 'manager', 'picker'],
  out_for_delivery: ['owner', 'manager', 'driver'],
  delivered: ['owner', 'manager', 'driver'],
  failed_delivery: ['owner', 'manager', 'driver'],
};

/** Whether a member of this role may move an order to `stage`. */
export function mayMoveToStage(role: StaffRole, stage: string): boolean {
  const roles: readonly StaffRole[] = Object.hasOwn(FULFILMENT_STAGE_ROLES, stage)
    ? FULFILMENT_STAGE_ROLES[stage]
    : SHOP_MANAGERS;
  return roles.includes(role);
}
