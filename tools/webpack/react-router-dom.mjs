// What the apps share as `react-router-dom`: only the declarative router API they use, re-exported from
// react-router (v7's react-router-dom re-exports react-router). A shared module is bundled whole, since any
// consumer could use any of its exports; sharing this short list lets webpack drop the data routers,
// server rendering helpers and the rest of react-router that no app calls.
// A name missing here fails the build ("export ... was not found in 'react-router-dom'"): add it.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
