import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  formatPence,
  hasVisibleText,
  MESSAGES,
  parseIsoDate,
  penceToPounds,
  poundsToPence,
} from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import { Clock } from '../common/clock';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';
import type { StaffIdentity } from '../session/session.decorators';
import { OrderHooks, type RecordedOutcome } from '../orders/order-hooks';
import type { CashUpDto, CashUpEntryView, CashUpRunView } from './dto/money.dto';
import { CashUpRow, MoneyRepository, RunFigures } from './money.repository';

/** Who reopens a run when an outcome reaches it without a member (never from the API, which always names one). */
const THE_SHOP: ActivityActor = { id: null, name: 'Larder', role: null };

/**
 * Each run's cash-up: the cash a manager counts in against what the run's delivered orders kept (handed over less
 * change). An entry is a record, never edited: the first signs the run off; a later one while it stays signed off
 * is a correction with its reason. An outcome recorded on the run after an entry reopens it (its figures may have
 * changed): the run reads as not signed off, the reopening is written to the activity log, and a manager signs it
 * off again. Entries carry the figures they were made with, so a signed-off run never changes silently.
 */
@Injectable()
export class CashUpService implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly money: MoneyRepository,
    private readonly hooks: OrderHooks,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.hooks.onOutcome((outcome, actor, tx) => this.outcomeRecorded(outcome, actor ?? THE_SHOP, tx));
  }

  /** A delivery date's runs with their figures, their cash-up state and its history. */
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
   * A manager counts in a run's cash: variance = handed in − cash kept; a variance needs a reason with words in it
   * (400). On a run not signed off (never, or reopened since) the entry signs it off; on a signed-off run it is a
   * correction and needs its reason (409 without). Each entry is written to the activity log. Entries of one run,
   * and outcomes recorded on it, are taken one at a time.
   */
  async signOff(input: CashUpDto, actor: StaffIdentity): Promise<CashUpRunView> {
    if (!parseIsoDate(input.date)) throw new InvalidError(MESSAGES.pickingDateInvalid);
    const handedIn = poundsToPence(input.handedIn)!;
    const reason = hasVisibleText(input.reason) ? input.reason!.trim() : null;
    return this.db.transaction(async (tx) => {
      await this.money.lockRun(input.date, input.time, tx);
      const run = (await this.money.runs(input.date, tx)).find((r) => r.time === input.time);
      if (!run || run.delivered === 0) throw new NotFoundError(MESSAGES.cashUpRunUnknown);
      const variance = handedIn - run.cash;
      if (variance !== 0 && !reason) throw new InvalidError(MESSAGES.cashUpReasonRequired);
      const latest = await this.money.latestCashUp(input.date, input.time, tx);
      const correcting = latest !== undefined && latest.outcomes === run.outcomes;
      if (correcting && !reason) throw new ConflictError(MESSAGES.cashUpCorrectionReasonRequired);
      await this.money.insertCashUp(
        {
          deliveryDate: input.date,
          deliveryTime: input.time,
          handedIn,
          cash: run.cash,
          variance,
          outcomes: run.outcomes,
          kind: correcting ? 'correction' : 'sign_off',
          reason,
          corrects: latest?.id ?? null,
          staffId: actor.id,
          staffName: actor.name,
          createdAt: this.clock.now(),
        },
        tx,
      );
      const done = correcting ? 'Corrected' : latest ? 'Signed off again' : 'Signed off';
      await ActivityLog.record(tx, actor, {
        action: correcting ? 'cash-up.correction' : 'cash-up.sign-off',
        kind: 'order',
        id: `${input.date} ${input.time}`,
        summary:
          `${done} the ${input.date} ${input.time} run: handed in ${formatPence(handedIn)}, cash kept ` +
          `${formatPence(run.cash)}, variance ${formatPence(variance)}${reason ? ` (${reason})` : ''}`,
      });
      const entries = (await this.money.cashUpsOf(input.date, tx)).filter(
        (e) => e.deliveryTime === input.time,
      );
      return runView(run, entries);
    });
  }

  /**
   * In the transaction recording an outcome at the door: when it is the first outcome after the run's latest
   * cash-up entry, the run is reopened, and the activity log says so with the sign-off it set aside.
   */
  private async outcomeRecorded(
    outcome: RecordedOutcome,
    actor: ActivityActor,
    tx: DbExecutor,
  ): Promise<void> {
    const { deliveryDate: date, deliveryTime: time } = outcome;
    await this.money.lockRun(date, time, tx);
    const latest = await this.money.latestCashUp(date, time, tx);
    if (!latest) return;
    const run = (await this.money.runs(date, tx)).find((r) => r.time === time);
    if (!run || run.outcomes !== latest.outcomes + 1) return;
    await ActivityLog.record(tx, actor, {
      action: 'cash-up.reopened',
      kind: 'order',
      id: `${date} ${time}`,
      summary:
        `Reopened the ${date} ${time} run: an outcome was recorded after it was signed off by ` +
        `${latest.staffName} (handed in ${formatPence(latest.handedIn)}, cash kept ${formatPence(latest.cash)}, ` +
        `variance ${formatPence(latest.variance)}); it is to be signed off again`,
    });
  }
}

/**
 * A run's cash-up as it stands, from its entries in the order they were written (each a sign-off, or a correction
 * while the run stayed signed off), the reopenings between them (the first outcome after an entry), and the latest
 * entry's figures while no outcome has come since.
 */
function runView(run: RunFigures, entries: CashUpRow[]): CashUpRunView {
  const history: CashUpEntryView[] = [];
  entries.forEach((entry, i) => {
    history.push({
      kind: entry.kind === 'correction' ? 'correction' : 'sign_off',
      at: entry.createdAt.toISOString(),
      by: entry.staffName,
      handedIn: penceToPounds(entry.handedIn),
      cash: penceToPounds(entry.cash),
      variance: penceToPounds(entry.variance),
      reason: entry.reason,
    });
    const covered = entries[i + 1]?.outcomes ?? run.outcomes;
    if (covered > entry.outcomes) {
      history.push({
        kind: 'reopened',
        at: (run.outcomesAt[entry.outcomes] ?? entry.createdAt).toISOString(),
        by: null,
        handedIn: null,
        cash: null,
        variance: null,
        reason: null,
      });
    }
  });
  const latest = entries.at(-1);
  const signed = latest !== undefined && latest.outcomes === run.outcomes ? latest : undefined;
  return {
    time: run.time,
    drivers: run.drivers.map((d) => ({ _id: d.id, name: d.name })),
    delivered: run.delivered,
    failed: run.failed,
    due: penceToPounds(run.due),
    cash: penceToPounds(run.cash),
    card: penceToPounds(run.card),
    handedIn: signed ? penceToPounds(signed.handedIn) : null,
    variance: signed ? penceToPounds(signed.variance) : null,
    reason: signed?.reason ?? null,
    signedOff: signed ? { by: signed.staffName, at: signed.createdAt.toISOString() } : null,
    reopened: latest !== undefined && !signed,
    corrections: history.filter((h) => h.kind === 'correction').length,
    history,
  };
}
