/** Test support only (never imported by application code): the fake API, its fixtures and a pinned clock. */
export { defaultState, setupMockApi } from './mock-api';
export type { Answer, AnswerFn, MockApi, MockApiState, RecordedRequest } from './mock-api';
export {
  emptySellerSummary,
  makeAddress,
  makeOrder,
  makeOrderItem,
  makeProduct,
  makeSellerOrder,
  makeUser,
} from './fixtures';
export { pinClock } from './clock';
export { FakeEventSource, installFakeEventSource } from './fake-event-source';
