import { Link, useParams } from 'react-router-dom';
import { MESSAGES, orderReference } from '@larder/shared-domain';
import { errorMessage, useGetReceiptQuery } from '@larder/shared-state';
import { buttonClasses, ReceiptScreen, useDocumentTitle } from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';
import { RefundForm } from './RefundForm';

/** /seller/receipt/:id: a delivered order's receipt as its customer has it, to print, and its refunds. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const sellerPath = useSellerPath();
  useDocumentTitle(`Receipt for order #${orderReference(id)}`);
  const query = useGetReceiptQuery({ id }, { skip: !id });

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <ReceiptScreen
        className="flex flex-col gap-4"
        back={
          <Link to={sellerPath('orders')} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Back to Orders
          </Link>
        }
        state={{
          receipt: query.data?.receipt,
          isLoading: query.isLoading,
          isError: query.isError,
          errorText: errorMessage(query.error, MESSAGES.somethingWentWrong),
          retry: () => void query.refetch(),
        }}
      />
      {query.data?.receipt && <RefundForm orderId={id} receipt={query.data.receipt} />}
    </div>
  );
}
