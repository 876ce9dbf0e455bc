import { Link } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { construction } from '../../assets/emoji';
import { Emoji } from '../../components/Emoji';
import { useDocumentTitle } from '@larder/shared-ui';

export default function UnderConstructionPage() {
  useDocumentTitle('Under construction');
  return (
    <section className="flex flex-col items-center py-16 text-center md:py-24">
      <Emoji
        body={construction}
        label="A building under construction"
        className="h-32 w-32 md:h-40 md:w-40"
      />
      <h1 className="mt-8 text-3xl font-semibold text-gray-900 md:text-4xl">
        {MESSAGES.underConstructionHeading}
      </h1>
      <p className="mt-3 max-w-md text-gray-600">{MESSAGES.underConstructionText}</p>
      <Link
        to="/"
        className="mt-8 rounded-full bg-primary px-6 py-2.5 font-medium text-white hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Back to home
      </Link>
    </section>
  );
}
