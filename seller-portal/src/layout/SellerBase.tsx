import { createContext, useContext, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';

const DEFAULT_BASE = '/seller';

const SellerBaseContext = createContext(DEFAULT_BASE);

/**
 * Where the portal is mounted (the part of the URL before the portal's own routes), so that its links work
 * from every screen. Relative links cannot do this: inside the host's `/seller/*` route they resolve against
 * the whole URL.
 */
export function SellerBaseProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  let base = DEFAULT_BASE;
  if (pathname.endsWith(rest)) {
    const mount = pathname.slice(0, pathname.length - rest.length).replace(/\/+$/, '');
    if (mount) base = mount;
  }
  return <SellerBaseContext.Provider value={base}>{children}</SellerBaseContext.Provider>;
}

/** The portal's base path, e.g. "/seller"; `sellerPath('orders')` gives "/seller/orders". */
export function useSellerPath(): (to?: string) => string {
  const base = useContext(SellerBaseContext);
  return (to = '') => (to ? `${base}/${to}` : base);
}
