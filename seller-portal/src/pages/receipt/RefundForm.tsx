import { useRef, useState, type FormEvent } from 'react';
import { formatPence, hasVisibleText, MESSAGES, poundsToPence } from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useRefundOrderMutation,
  type ReceiptView,
  type RefundMethod,
} from '@larder/shared-state';
import { Button, Select, TextInput } from '@larder/shared-ui';

const METHODS: { value: RefundMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank transfer' },
];

type Problem = { field: 'amount' | 'reason' | 'form'; text: string };

/**
 * Money given back on a delivered order, with its credit note: at most what the shop kept of the order (the cash
 * kept after change, or what the card paid) less what was refunded already, as the server checks it too.
 */
export function RefundForm({ orderId, receipt }: { orderId: string; receipt: ReceiptView }) {
  const refunded = receipt.refunds.reduce((sum, refund) => sum + (poundsToPence(refund.amount) ?? 0), 0);
  const left = Math.max(0, (poundsToPence(receipt.paid) ?? 0) - refunded);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<RefundMethod>(receipt.card > 0 ? 'card' : 'cash');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [refund, { isLoading }] = useRefundOrderMutation();
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);

  function refuse(next: Problem) {
    setProblem(next);
    (next.field === 'reason' ? reasonRef : amountRef).current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pence = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? poundsToPence(Number(amount)) : undefined;
    if (!pence) return refuse({ field: 'amount', text: 'Enter the amount to give back, e.g. 2.50' });
    if (pence > left) return refuse({ field: 'amount', text: MESSAGES.refundTooLarge });
    if (!hasVisibleText(reason)) return refuse({ field: 'reason', text: MESSAGES.reasonNeedsWords });
    setProblem(undefined);
    try {
      const answer = await refund({
        id: orderId,
        refundDto: { amount: pence / 100, method, reason: reason.trim() },
      }).unwrap();
      setAmount('');
      setReason('');
      toast.success(`Refund of ${formatPence(pence)} recorded: credit note ${answer.refund.creditNote}`);
    } catch (error) {
      refuse({ field: 'form', text: errorMessage(error, MESSAGES.somethingWentWrong) });
    }
  }

  return (
    <section
      aria-labelledby="refund-heading"
      className="rounded-lg border border-gray-300 bg-white p-4 print:hidden"
    >
      <h2 id="refund-heading" className="text-lg font-semibold">
        Refund
      </h2>
      {left === 0 ? (
        <p className="mt-1 text-sm text-gray-700">Nothing left to refund on this order.</p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-2 grid gap-3 sm:grid-cols-3">
          <p className="text-sm text-gray-700 sm:col-span-3">
            Up to {formatPence(left)} can be given back: what the shop kept of this order, less refunds
            already made.
          </p>
          <TextInput
            ref={amountRef}
            label="Amount (£)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={problem?.field === 'amount' ? problem.text : undefined}
          />
          <Select
            label="Given back by"
            value={method}
            options={METHODS}
            onChange={(e) => setMethod(e.target.value as RefundMethod)}
          />
          <TextInput
            ref={reasonRef}
            label="Reason"
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={problem?.field === 'reason' ? problem.text : undefined}
          />
          {problem?.field === 'form' && (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
              {problem.text}
            </p>
          )}
          <div className="sm:col-span-3">
            <Button type="submit" loading={isLoading}>
              Record refund
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
