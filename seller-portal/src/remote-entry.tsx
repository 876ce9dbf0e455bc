import './remote.css';
import { SellerPortal } from './SellerPortal';

export { SellerPortal };
export default SellerPortal;
