import { useId, useState, type FormEvent } from 'react';
import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_FAILURE_REASONS,
  type DeliveryFailureReason,
  handedOverTooMuch,
  MESSAGES,
  poundsToPence,
} from '@larder/shared-domain';
import type { SellerOrderView } from '@larder/shared-state';
import { Button } from '@larder/shared-ui';

/** The Run page's big touch targets. */
export const BIG = 'min-h-12 px-4 text-base';

export interface FormProps {
  order: SellerOrderView;
  onCancel: () => void;
  onOutcome: (body: Record<string, unknown>) => Promise<void>;
}

export function DeliveredForm({ order, onCancel, onOutcome }: FormProps) {
  const [cash, setCash] = useState(order.paymentType === 'COD' ? order.due.toFixed(2) : '0.00');
  const [card, setCard] = useState('0.00');
  const [refused, setRefused] = useState<string[]>([]);
  const [idCheck, setIdCheck] = useState<'passed' | 'failed' | ''>('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amounts = [cash, card].map((value) => Number(value));
    if (amounts.some((value) => !Number.isFinite(value) || value < 0 || poundsToPence(value) === undefined))
      return setProblem(MESSAGES.collectedInvalid);
    // A slip of the finger (£5,000 for £5.99) is caught here, before it waits on the phone to be refused later.
    const handed = { cash: poundsToPence(amounts[0]) ?? 0, card: poundsToPence(amounts[1]) ?? 0 };
    if (handedOverTooMuch(poundsToPence(order.due) ?? 0, handed))
      return setProblem(MESSAGES.handedOverTooMuch);
    if (order.ageCheckRequired && !idCheck) return setProblem('Say whether the ID check passed');
    setSaving(true);
    await onOutcome({
      stage: 'delivered',
      collected: { cash: amounts[0], card: amounts[1] },
      lines: refused.map((product) => ({ product, refused: true })),
      ...(order.ageCheckRequired && idCheck && { idCheck }),
    });
    setSaving(false);
  }

  return (
    <form className="mt-3 flex flex-col gap-3 text-base" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 font-medium" htmlFor={`${id}-cash`}>
          Cash (£)
          <input
            id={`${id}-cash`}
            inputMode="decimal"
            className="min-h-12 rounded border-2 border-gray-400 px-3 text-lg"
            value={cash}
            onChange={(e) => setCash(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 font-medium" htmlFor={`${id}-card`}>
          Card (£)
          <input
            id={`${id}-card`}
            inputMode="decimal"
            className="min-h-12 rounded border-2 border-gray-400 px-3 text-lg"
            value={card}
            onChange={(e) => setCard(e.target.value)}
          />
        </label>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Refused at the door</legend>
        {order.items
          .filter((item) => !item.refused)
          .map((item) => (
            <label key={item.product} className="flex min-h-12 items-center gap-3">
              <input
                type="checkbox"
                className="h-6 w-6"
                checked={refused.includes(item.product)}
                onChange={(e) =>
                  setRefused((list) =>
                    e.target.checked ? [...list, item.product] : list.filter((p) => p !== item.product),
                  )
                }
              />
              {item.name}
            </label>
          ))}
      </fieldset>
      {order.ageCheckRequired && (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">ID check (Challenge 25)</legend>
          {(['passed', 'failed'] as const).map((value) => (
            <label key={value} className="flex min-h-12 items-center gap-3">
              <input
                type="radio"
                name={`${id}-id`}
                className="h-6 w-6"
                checked={idCheck === value}
                onChange={() => setIdCheck(value)}
              />
              {value === 'passed' ? 'Passed: 18 or over' : 'Failed: 18+ items stay in the van'}
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="submit" className={BIG} loading={saving}>
          Record delivered
        </Button>
        <Button type="button" variant="ghost" className={BIG} onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}

export function FailedForm({ onCancel, onOutcome }: FormProps) {
  const [reason, setReason] = useState<DeliveryFailureReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setProblem(MESSAGES.deliveryReasonRequired);
    if (reason === 'other' && !note.trim()) return setProblem(MESSAGES.deliveryNoteRequired);
    setSaving(true);
    await onOutcome({ stage: 'failed_delivery', reason, ...(note.trim() && { note: note.trim() }) });
    setSaving(false);
  }

  return (
    <form className="mt-3 flex flex-col gap-3 text-base" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Why not?</legend>
        {DELIVERY_FAILURE_REASONS.map((value) => (
          <label key={value} className="flex min-h-12 items-center gap-3">
            <input
              type="radio"
              name={`${id}-reason`}
              className="h-6 w-6"
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {DELIVERY_FAILURE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 font-medium" htmlFor={`${id}-note`}>
        Note
        <textarea
          id={`${id}-note`}
          className="min-h-20 rounded border-2 border-gray-400 px-3 py-2"
          value={note}
          maxLength={300}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="submit" className={BIG} loading={saving}>
          Record not delivered
        </Button>
        <Button type="button" variant="ghost" className={BIG} onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}
