import { SOMETHING_WENT_WRONG } from '@larder/shared-domain';

/**
 * The human message of a failed call: the server's `{ success: false, message }` body when there is one,
 * otherwise the thrown error's text, otherwise the fallback (network failures and timeouts included).
 */
export function errorMessage(error: unknown, fallback: string = SOMETHING_WENT_WRONG): string {
  if (error && typeof error === 'object') {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
    const status = (error as { status?: unknown }).status;
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return fallback;
    const own = (error as { message?: unknown }).message;
    if (typeof own === 'string' && own.trim()) return own;
  }
  return fallback;
}

/**
 * The body field a failed call's answer names (`field` of a VALIDATION_FAILED answer, e.g. `nutrition.salt`),
 * so a form can show the message beside it.
 */
export function errorField(error: unknown): string | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field ? field : undefined;
}

/** The message of a successful call's body, or the fallback. */
export function successMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
