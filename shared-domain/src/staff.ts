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
