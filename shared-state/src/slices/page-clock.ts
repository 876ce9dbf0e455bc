import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface PageClockState {
  /**
   * The moment (ms since 1970) a server-rendered page was rendered for, by the shop's clock; null once the
   * browser's clock has taken over. The browser's first render (which takes over the server's markup) shows what
   * the page showed then, so that what depends on the time (a delivery date, the hour left to cancel) is drawn
   * the same; right after, the page follows the browser's clock.
   */
  renderedAt: number | null;
}

const initialState: PageClockState = { renderedAt: null };

export const pageClockSlice = createSlice({
  name: 'pageClock',
  initialState,
  reducers: {
    /** The page now follows the browser's clock. */
    browserClockTookOver(state) {
      state.renderedAt = null;
    },
    /** The page is rendered (on the server) for this moment. */
    renderedFor(state, action: PayloadAction<number>) {
      state.renderedAt = action.payload;
    },
  },
  selectors: {
    selectRenderedAt: (state) => state.renderedAt,
  },
});

export const { browserClockTookOver, renderedFor } = pageClockSlice.actions;
export const { selectRenderedAt } = pageClockSlice.selectors;
