import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, HOME_PRODUCT_COUNT, HOME_TITLE, categorySlug } from '@larder/shared-domain';
import { useSubscribeToNewsletterMutation } from '@larder/shared-state';
import { Button, EmptyState, TextInput, buttonClasses } from '@larder/shared-ui';
import homeIcons from '../../assets/home-icons.svg';
import { ProductListing } from '../../components/ProductListing';
import { useProducts } from '../../components/useProducts';
import { useSendForm } from '../../components/useSendForm';
import { DeliveryCheck } from './DeliveryCheck';
import { YourUsualsRow } from './YourUsualsRow';

const SELLING_POINTS = [
  {
    title: 'Fastest Delivery',
    text: 'Groceries at your door the next day, in a one-hour slot you choose.',
    icon: 'delivery-truck',
  },
  {
    title: 'Freshness Guaranteed',
    text: 'Fresh produce picked and packed on the day it leaves us.',
    icon: 'leafy-green',
  },
  {
    title: 'Affordable Prices',
    text: 'Everyday low prices and offers on the things you buy most.',
    icon: 'money-bag',
  },
  {
    title: 'Trusted',
    text: 'Clear prices, secure sign-in and cash on delivery: pay when your shopping arrives.',
    icon: 'handshake',
  },
];

/**
 * One illustration of the home page's sprite (storefront/scripts/emoji.mjs), by its Fluent Emoji name.
 * Decorative; an image rather than inline SVG, so the drawings stay out of the page's JavaScript.
 */
function HomeIcon({ name, size, className }: { name: string; size: number; className?: string }) {
  return (
    <img
      src={`${homeIcons}#${name}`}
      alt=""
      width={size}
      height={size}
      decoding="async"
      draggable={false}
      className={className}
    />
  );
}

export default function HomePage() {
  // The shop's own title, as the server sends it: a page landed on first leaves its title behind when left.
  useEffect(() => {
    document.title = HOME_TITLE;
  }, []);
  return (
    <div className="space-y-16 py-6 md:py-10">
      <Banner />
      <YourUsualsRow />
      <Categories />
      <ShopGroceries />
      <WhyUs />
      <Newsletter />
    </div>
  );
}

function Banner() {
  return (
    <section
      aria-labelledby="home-heading"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-100 via-brand-50 to-amber-50 px-6 py-10 sm:px-10 md:py-16"
    >
      <div className="relative z-10 max-w-xl">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Fresh from London</p>
        <h1
          id="home-heading"
          className="mt-3 text-3xl leading-tight font-bold text-gray-900 sm:text-4xl lg:text-5xl"
        >
          Freshness you can trust, savings you will love!
        </h1>
        <p className="mt-4 text-base text-gray-700 md:text-lg">
          Order your weekly shop by 3pm and we deliver it tomorrow to Bristol, Cardiff, Somerset and Swindon.
        </p>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <Link to="/products" className={buttonClasses({ size: 'lg', className: 'rounded-full px-8' })}>
            Shop now
          </Link>
          <Link
            to="/products?onOffer=1"
            className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'rounded-full px-8' })}
          >
            Explore deals
          </Link>
        </div>
        <DeliveryCheck />
      </div>
      <HomeIcon
        name="basket"
        size={256}
        className="pointer-events-none absolute -right-6 -bottom-8 h-40 w-40 opacity-30 sm:opacity-60 md:right-10 md:bottom-1/2 md:h-64 md:w-64 md:translate-y-1/2 md:opacity-100"
      />
    </section>
  );
}

function Categories() {
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="text-2xl font-semibold text-gray-900 md:text-3xl">
        Categories
      </h2>
      <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 md:gap-5 lg:grid-cols-5 xl:grid-cols-10">
        {CATEGORIES.map((category) => (
          <li key={category.path}>
            <Link
              to={`/products/${categorySlug(category.path)}`}
              style={{ backgroundColor: category.bgColor }}
              className="group flex h-full flex-col items-center justify-center gap-2 rounded-lg px-2 py-4 text-center transition-shadow hover:shadow-md"
            >
              <HomeIcon
                name={category.icon}
                size={56}
                className="h-12 w-12 transition-transform group-hover:scale-110 md:h-14 md:w-14"
              />
              <span className="text-sm font-medium text-gray-900">{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShopGroceries() {
  const { inStock, isLoading, isError, refetch } = useProducts();
  // The home page is a prime place (SI 2021/1368 reg 6): less healthy products are left out while the rules apply.
  const shown = inStock.filter((product) => product.primePlaces !== false).slice(0, HOME_PRODUCT_COUNT);

  return (
    <section aria-labelledby="shop-heading">
      <div className="flex items-end justify-between gap-4">
        <h2 id="shop-heading" className="text-2xl font-semibold text-gray-900 md:text-3xl">
          Shop groceries
        </h2>
        <Link to="/products" className="rounded-sm text-sm font-medium text-primary hover:underline">
          View all products
        </Link>
      </div>
      <div className="mt-6">
        <ProductListing
          products={shown}
          isLoading={isLoading}
          isError={isError}
          onRetry={refetch}
          empty={<EmptyState headingLevel={3} title="No products yet" message="Please check back soon." />}
          headingLevel={3}
          eagerCount={2}
          skeletonCount={HOME_PRODUCT_COUNT}
        />
      </div>
    </section>
  );
}

function WhyUs() {
  return (
    <section aria-labelledby="why-heading" className="below-fold rounded-2xl bg-gray-50 px-6 py-10 md:px-10">
      <h2 id="why-heading" className="text-2xl font-semibold text-gray-900 md:text-3xl">
        Why We Are the Best
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {SELLING_POINTS.map((point) => (
          <li key={point.title} className="flex items-start gap-4">
            <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-white shadow-sm">
              <HomeIcon name={point.icon} size={32} className="h-8 w-8" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-gray-900">{point.title}</h3>
              <p className="mt-1 text-sm text-gray-600">{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Newsletter sign-up (POST /api/newsletter): success shows the server's note and clears the input;
 * a refusal shows the server's message and keeps the input.
 */
function Newsletter() {
  const [email, setEmail] = useState('');
  const errorId = useId();
  const [subscribeToNewsletter, { isLoading }] = useSubscribeToNewsletterMutation();
  const {
    submit: subscribe,
    answer,
    error,
  } = useSendForm(
    () => subscribeToNewsletter({ subscribeNewsletterDto: { email } }).unwrap(),
    () => setEmail(''),
  );

  return (
    <section
      aria-labelledby="newsletter-heading"
      className="below-fold flex flex-col items-center text-center"
    >
      <h2 id="newsletter-heading" className="text-2xl font-semibold text-gray-900 md:text-3xl">
        Never miss a deal!
      </h2>
      <p className="mt-2 max-w-xl text-gray-600">
        Subscribe to get the latest offers, new arrivals and exclusive discounts.
      </p>
      <form
        onSubmit={subscribe}
        className="mt-6 flex w-full max-w-xl flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextInput
          label="Email address"
          hideLabel
          type="email"
          name="newsletter-email"
          autoComplete="email"
          placeholder="Enter your email address"
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          fieldClassName="flex-1"
          className="min-h-11"
        />
        <Button type="submit" loading={isLoading} className="shrink-0">
          Subscribe
        </Button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="mt-3 min-h-5 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p role="status" className="mt-3 min-h-5 text-sm text-primary">
          {answer?.message}
        </p>
      )}
    </section>
  );
}
