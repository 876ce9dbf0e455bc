import { Link } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { buttonClasses, EmptyState, useDocumentTitle } from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';

/** An address under /seller that is not one of the seller screens. */
export default function NotFoundPage() {
  useDocumentTitle(MESSAGES.pageNotFound);
  const sellerPath = useSellerPath();
  return (
    <div>
      <h1 className="sr-only">{MESSAGES.pageNotFound}</h1>
      <EmptyState
        title="This seller page does not exist"
        message="Use the menu to add a product, manage your products, see the orders or read messages."
        action={
          <Link to={sellerPath()} className={buttonClasses()}>
            Go to Add Product
          </Link>
        }
      />
    </div>
  );
}
