/**
 * What the server puts in a page for the browser to read, under these element ids: the API writes them
 * (backend/src/web/page-head.ts), the host reads them (host-shell/src/bootstrap.tsx, remotes.ts).
 */

/** `<script type="application/json">` holding the store's state a server-rendered page was rendered with. */
export const PAGE_STATE_ID = 'larder-state';

/** `<script type="application/json">` holding the remote manifest (what /remotes.json answers). */
export const PAGE_REMOTES_ID = 'larder-remotes';
