import { Link } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { search } from '../../assets/emoji';
import { Emoji } from '../../components/Emoji';
import { useDocumentTitle } from '@larder/shared-ui';

export default function NotFoundPage() {
  useDocumentTitle(MESSAGES.pageNotFound);
  return (
    <section className="flex flex-col items-center py-16 text-center md:py-24">
      <Emoji body={search} className="h-24 w-24" />
      <p className="mt-6 text-sm font-semibold tracking-wide text-primary uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold text-gray-900 md:text-4xl">{MESSAGES.pageNotFound}</h1>
      <p className="mt-3 max-w-md text-gray-600">
        We couldn&apos;t find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-full bg-primary px-6 py-2.5 font-medium text-white hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Go to home
        </Link>
        <Link
          to="/products"
          className="rounded-full border border-gray-300 px-6 py-2.5 font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Browse products
        </Link>
      </div>
    </section>
  );
}
