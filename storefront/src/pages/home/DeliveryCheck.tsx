import { useId, useState, type FormEvent } from 'react';
import { deliveredMessage, MESSAGES, normaliseUkPostcode, notDeliveredMessage } from '@larder/shared-domain';
import { errorMessage, useLazyCheckDeliveryQuery } from '@larder/shared-state';
import { Button, TextInput } from '@larder/shared-ui';

/**
 * "Do we deliver to you?": asks GET /api/delivery/check for the postcode typed. The home page is rendered on the
 * server and cached for every visitor, so nothing is asked until a visitor checks a postcode.
 */
export function DeliveryCheck() {
  const [postcode, setPostcode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [check, { data, isFetching }] = useLazyCheckDeliveryQuery();
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normal = normaliseUkPostcode(postcode);
    if (!normal) {
      setProblem(MESSAGES.invalidPostcode);
      return;
    }
    setProblem(undefined);
    try {
      await check({ postcode: normal }, true).unwrap();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  const answer =
    !problem && data
      ? data.delivers && data.city
        ? deliveredMessage(data.postcode, data.city)
        : notDeliveredMessage(data.postcode)
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={MESSAGES.deliveryCheckLabel} className="mt-8 max-w-md">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextInput
          label={MESSAGES.deliveryCheckLabel}
          name="delivery-postcode"
          placeholder="Postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          maxLength={10}
          value={postcode}
          onChange={(event) => setPostcode(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          fieldClassName="flex-1"
          className="min-h-11 bg-white"
        />
        <Button type="submit" variant="secondary" loading={isFetching} className="shrink-0">
          {MESSAGES.deliveryCheckButton}
        </Button>
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="mt-2 min-h-5 text-sm text-danger">
          {problem}
        </p>
      ) : (
        <p
          role="status"
          className={`mt-2 min-h-5 text-sm font-medium ${data?.delivers ? 'text-primary' : 'text-gray-800'}`}
        >
          {answer}
        </p>
      )}
    </form>
  );
}
