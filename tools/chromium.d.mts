/** Debian's Chromium binary. */
export declare const CHROMIUM_PATH: string;
/** Headless, sandbox-free, without background traffic. */
export declare const CHROMIUM_ARGS: string[];
