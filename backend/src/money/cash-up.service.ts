import { Inject, Injectable } from '@nestjs/common';
import { formatPence, MESSAGES, parseIsoDate, penceToPounds, poundsToPence } from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { Clock } from '../common/clock';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import { ActivityLog } from '../activity/activity-log';
import type { StaffIdentity } from '../session/session.decorators';
import type { CashUpDto, CashUpRunView } from './dto/money.dto';
import { CashUpRow, MoneyRepository } from './money.repository';

/** Each run's cash-up: the cash a manager counts in against what the drivers recorded. */
@Injectable()
export class CashUpService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly money: MoneyRepository,
    private readonly clock: Clock,
  ) {}

  /** A delivery date's runs with their figures and, once signed off, the cash handed in and its variance. */
  async cashUp(date: string): Promise<CashUpRunView[]> {
    if (!parseIsoDate(date)) throw new InvalidError(MESSAGES.pickingDateInvalid);
    const [runs, entries] = await Promise.all([this.money.runs(date), this.money.cashUpsOf(date)]);
    return runs.map((run) =>
      runView(
        run,
        entries.filter((e) => e.deliveryTime === run.time),
      ),
    );
  }

  /**
   * A manager counts in a run's cash: variance = handed in − cash collected; a variance needs a reason (400). The
   * first entry signs the run off; the run is then locked: a later entry is a correction, with its reason, and
   * never changes the first. Each is written to the activity log. Entries of one run are taken one at a time.
   */
  async signOff(input: CashUpDto, actor: StaffIdentity): Promise<CashUpRunView> {
    if (!parseIsoDate(input.date)) throw new InvalidError(MESSAGES.pickingDateInvalid);
    const handedIn = poundsToPence(input.handedIn)!;
    const reason = input.reason?.trim() || null;
    return this.db.transaction(async (tx) => {
      await this.money.lockRun(input.date, input.time, tx);
      const run = (await this.money.runs(input.date, tx)).find((r) => r.time === input.time);
      if (!run || run.delivered === 0) throw new NotFoundError(MESSAGES.cashUpRunUnknown);
      const variance = handedIn - run.cash;
      if (variance !== 0 && !reason) throw new InvalidError(MESSAGES.cashUpReasonRequired);
      const latest = await this.money.latestCashUp(input.date, input.time, tx);
      if (latest && !reason) throw new ConflictError(MESSAGES.cashUpCorrectionReasonRequired);
      await this.money.insertCashUp(
        {
          deliveryDate: input.date,
          deliveryTime: input.time,
          handedIn,
          cash: run.cash,
          variance,
          reason,
          corrects: latest?.id ?? null,
          staffId: actor.id,
          staffName: actor.name,
          createdAt: this.clock.now(),
        },
        tx,
      );
      await ActivityLog.record(tx, actor, {
        action: latest ? 'cash-up.correction' : 'cash-up.sign-off',
        kind: 'order',
        id: `${input.date} ${input.time}`,
        summary:
          `${latest ? 'Corrected' : 'Signed off'} the ${input.date} ${input.time} run: handed in ` +
          `${formatPence(handedIn)}, cash collected ${formatPence(run.cash)}, variance ${formatPence(variance)}` +
          `${reason ? ` (${reason})` : ''}`,
      });
      const entries = (await this.money.cashUpsOf(input.date, tx)).filter(
        (e) => e.deliveryTime === input.time,
      );
      return runView(run, entries);
    });
  }
}

function runView(
  run: Awaited<ReturnType<MoneyRepository['runs']>>[number],
  entries: CashUpRow[],
): CashUpRunView {
  const latest = entries.at(-1);
  return {
    time: run.time,
    drivers: run.drivers.map((d) => ({ _id: d.id, name: d.name })),
    delivered: run.delivered,
    failed: run.failed,
    due: penceToPounds(run.due),
    cash: penceToPounds(run.cash),
    card: penceToPounds(run.card),
    handedIn: latest ? penceToPounds(latest.handedIn) : null,
    variance: latest ? penceToPounds(latest.handedIn - run.cash) : null,
    reason: latest?.reason ?? null,
    signedOff: latest ? { by: latest.staffName, at: latest.createdAt.toISOString() } : null,
    corrections: Math.max(0, entries.length - 1),
  };
}
