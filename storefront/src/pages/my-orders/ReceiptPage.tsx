import { Link, useParams } from 'react-router-dom';
import { MESSAGES, orderReference } from '@larder/shared-domain';
import { errorMessage, useGetReceiptQuery } from '@larder/shared-state';
import { buttonClasses, ReceiptScreen, useDocumentTitle } from '@larder/shared-ui';

/** /my-orders/:id/receipt: a delivered order's receipt, to read or print (linked from My orders and the e-mail). */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  useDocumentTitle(`Receipt for order #${orderReference(id)}`);
  const query = useGetReceiptQuery({ id }, { skip: !id });

  return (
    <ReceiptScreen
      className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8"
      back={
        <Link to="/my-orders" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Back to My orders
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
  );
}
