import { Navigate } from 'react-router-dom';
import {
  selectIsSeller,
  selectSellerStaff,
  selectSellerStatus,
  useAppSelector,
  useSellerIsAuthQuery,
} from '@larder/shared-state';
import { useSellerPath } from './SellerBase';
import { FullPageStatus } from './FullPageStatus';
import { SellerLayout } from './SellerLayout';
import { SellerLogin } from './SellerLogin';
import { ChoosePassword } from './ChoosePassword';

/** Checks the seller session once the portal loads and answers whether the seller is signed in. */
function useSellerSession() {
  useSellerIsAuthQuery();
  const isSeller = useAppSelector(selectIsSeller);
  const staff = useAppSelector(selectSellerStaff);
  const status = useAppSelector(selectSellerStatus);
  return { isSeller, staff, checking: status !== 'ready' };
}

/**
 * Every /seller screen: a spinner while checking, the login for everyone else, the new-password screen for a
 * member still on the first password the owner chose, the dashboard for the others.
 */
export function SellerGate() {
  const { isSeller, staff, checking } = useSellerSession();
  if (checking) return <FullPageStatus label="Checking your seller session…" />;
  if (!isSeller) return <SellerLogin />;
  return staff?.mustChangePassword ? <ChoosePassword name={staff.name} /> : <SellerLayout />;
}

/** The login screen at its own address; a seller who is already signed in goes to the dashboard. */
export function SellerLoginRoute() {
  const { isSeller, checking } = useSellerSession();
  const sellerPath = useSellerPath();
  if (checking) return <FullPageStatus label="Checking your seller session…" />;
  return isSeller ? <Navigate to={sellerPath()} replace /> : <SellerLogin />;
}
