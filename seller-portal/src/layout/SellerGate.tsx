import { Navigate } from 'react-router-dom';
import {
  selectIsSeller,
  selectSellerStatus,
  useAppSelector,
  useSellerIsAuthQuery,
} from '@larder/shared-state';
import { useSellerPath } from './SellerBase';
import { FullPageStatus } from './FullPageStatus';
import { SellerLayout } from './SellerLayout';
import { SellerLogin } from './SellerLogin';

/** Checks the seller session once the portal loads and answers whether the seller is signed in. */
function useSellerSession() {
  useSellerIsAuthQuery();
  const isSeller = useAppSelector(selectIsSeller);
  const status = useAppSelector(selectSellerStatus);
  return { isSeller, checking: status !== 'ready' };
}

/** Every /seller screen: a spinner while checking, the login for everyone else, the dashboard for the seller. */
export function SellerGate() {
  const { isSeller, checking } = useSellerSession();
  if (checking) return <FullPageStatus label="Checking your seller session…" />;
  return isSeller ? <SellerLayout /> : <SellerLogin />;
}

/** The login screen at its own address; a seller who is already signed in goes to the dashboard. */
export function SellerLoginRoute() {
  const { isSeller, checking } = useSellerSession();
  const sellerPath = useSellerPath();
  if (checking) return <FullPageStatus label="Checking your seller session…" />;
  return isSeller ? <Navigate to={sellerPath()} replace /> : <SellerLogin />;
}
