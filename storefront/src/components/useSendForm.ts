import { useState, type FormEvent } from 'react';
import { errorMessage } from '@larder/shared-state';

/**
 * A form whose submit sends it to the server: `answer` holds the last successful answer and `error` the
 * server's refusal (each clears the other); `onSent` runs after an answer that reports success, to clear the
 * inputs. A refused form keeps what was typed.
 */
export function useSendForm<R extends { success: boolean }>(send: () => Promise<R>, onSent: () => void) {
  const [answer, setAnswer] = useState<R | null>(null);
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      const result = await send();
      setAnswer(result);
      if (result.success) onSent();
    } catch (failure) {
      setAnswer(null);
      setError(errorMessage(failure));
    }
  }

  return { submit, answer, error };
}
