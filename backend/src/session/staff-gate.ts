import { MESSAGES, STAFF_MESSAGES, STAFF_ROLES, type StaffRole } from '@larder/shared-domain';
import type { SessionMember } from './session.repository';

/** What a staff route lets through beyond an active member: see `staffRefusal`. */
export interface StaffGateOptions {
  /** The roles the route allows; every role when not named. */
  roles?: readonly StaffRole[];
  /** The route may be used before a first password is replaced (`@BeforePasswordChange`). */
  beforePasswordChange?: boolean;
  /** The route may be used by a manager before turning on the two-factor sign-in the owner requires. */
  beforeTwoFactor?: boolean;
}

/**
 * The one gate every staff read passes, the seller guard's routes and the routes that read the staff session
 * themselves (receipts, the seller's order-event stream) alike: the 403 message a signed-in member gets, or
 * undefined when they may use the route. A member whose first password is still to be replaced, and a manager who
 * must turn on two-factor sign-in, get 403 everywhere but the routes that allow it; then the route's roles.
 */
export function staffRefusal(member: SessionMember, options: StaffGateOptions = {}): string | undefined {
  if (member.mustChangePassword && !options.beforePasswordChange) return STAFF_MESSAGES.mustChangePassword;
  if (member.needsTwoFactor && !options.beforeTwoFactor) return STAFF_MESSAGES.twoFactorRequiredForManagers;
  if (!(options.roles ?? STAFF_ROLES).includes(member.role)) return MESSAGES.noPermission;
  return undefined;
}

/** A member signed in to the seller area as a route outside the guard sees them: let through, or refused (403). */
export type StaffAdmission =
  { member: SessionMember; refusal?: undefined } | { member?: undefined; refusal: string };
