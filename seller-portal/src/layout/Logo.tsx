/** The Larder wordmark with the "Seller" tag. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path
          d="M10 8v16h12"
          stroke="white"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl font-bold tracking-tight text-gray-900">Larder</span>
      <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-brand-800">
        Seller
      </span>
    </span>
  );
}
