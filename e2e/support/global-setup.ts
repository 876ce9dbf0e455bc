// Before the journeys: the shop the run started (a fresh database each run) takes more orders per delivery slot
// than a shop's default. Every journey's orders fall on the same delivery date (the run's clock starts at the
// same London time, support/clock.ts), and the journeys of both projects together place more than the 20 a slot
// takes by default. A journey that needs a full slot sets its own capacity (the slotCapacity fixture).
// A shop given with E2E_BASE_URL is left as it is.
import { request, type FullConfig } from '@playwright/test';
import { ShopApi } from './api';

/** Orders one slot takes during a run. */
export const RUN_SLOT_CAPACITY = 500;

export default async function globalSetup(config: FullConfig): Promise<void> {
  if (process.env.E2E_BASE_URL) return;
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  try {
    const seller = new ShopApi(context);
    await seller.sellerLogin();
    await seller.setSlotCapacity(RUN_SLOT_CAPACITY);
  } finally {
    await context.dispose();
  }
}
