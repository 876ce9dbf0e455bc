/**
 * The storefront as the host loads it (exposed as `./routes`): a component rendering every customer route.
 * The host provides the BrowserRouter, the Redux <Provider> and the <Toaster/>.
 */
import './remote.css';
import { StorefrontRoutes } from './routes';

export { preloadRoute } from './routes';

export default StorefrontRoutes;
