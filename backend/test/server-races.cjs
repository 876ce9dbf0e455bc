// The tests that only mean something on a PostgreSQL server: races settled by row locks (FOR UPDATE,
// FOR NO KEY UPDATE), SKIP LOCKED claims, advisory locks and LISTEN/NOTIFY between replicas. Embedded PGlite runs
// one statement at a time, so there every one of them passes whether the lock is there or not.
//
// scripts/test.mjs runs these on the machine's PostgreSQL server after the PGlite pass whenever DATABASE_URL is
// not set (the full suite on a server already holds them), and fails the run when a file below names no test
// (a renamed test must be named here again). `tests` is a jest name pattern (case-insensitive), matched against
// the describe and test titles together. A new race test: add its file, or widen the file's pattern.
module.exports = [
  // Customers racing for the last units and slot places; replayed keys; cancel against complete.
  { file: 'src/checkout/stock-and-slots.spec.ts', tests: 'racing|racers|race' },
  // Concurrent checkouts with one key or one cart; racing cancels and seller changes.
  { file: 'src/orders/orders.spec.ts', tests: 'concurrent|racing' },
  // The lock on the customer's row: one of several concurrent orders at maxOpenOrders.
  { file: 'src/checkout/hoarding-limits.spec.ts', tests: 'concurrent' },
  // An order change against a checkout, and against the seller starting to pick.
  { file: 'src/checkout/order-change.spec.ts', tests: 'races|never both' },
  // One confirmation and one cancellation e-mail when Stripe's events or cancels arrive at the same moment.
  { file: 'src/checkout/checkout-card-emails.spec.ts', tests: 'same moment' },
  // Cancelling twice at once gives back once.
  { file: 'src/fulfilment/fulfilment.spec.ts', tests: 'gives back exactly what was taken' },
  // The customer's row lock against concurrent address additions.
  { file: 'src/users/address-limits.spec.ts', tests: 'race' },
  // The lock a transaction's first statement takes is held until it ends; a connection the server ends (a
  // restart) in the middle of a transaction fails that transaction only.
  { file: 'src/db/transaction-opened-with.spec.ts', tests: 'holds the lock|the server ends' },
  // Account deletion holding the customer's row while checkouts arrive.
  { file: 'src/privacy/account-deletion-payments.spec.ts', tests: 'while' },
  // Order events, the product list and the settings between two replicas over LISTEN/NOTIFY.
  { file: 'src/live/order-events.spec.ts', tests: 'between two replicas' },
  { file: 'src/catalog/product-list.spec.ts', tests: 'between two replicas' },
  { file: 'src/settings/settings.spec.ts', tests: 'between two replicas' },
  // The e-mail outbox claimed with SKIP LOCKED by two replicas, and across restarts.
  { file: 'src/mail/order-emails.spec.ts', tests: 'across restarts and replicas' },
  // Regular deliveries' orders placed once by two replicas racing for the due plans, and after a restart.
  { file: 'src/regulars/standing-orders-replicas.spec.ts', tests: 'two replicas' },
  // The customer's row lock: plans made at the same moment counted one at a time against the limit.
  { file: 'src/regulars/standing-orders.spec.ts', tests: 'made at once' },
];
