import crypto from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ConflictError, InvalidError } from '../common/errors';
import { Clock } from '../common/clock';
import type { DbTransaction } from '../db/database.module';
import { TwoFactorRepository } from './two-factor.repository';

/**
 * The two-factor account of a member: the owner's is 'seller' (as before there were staff), a member's is their
 * id, so each enrols their own authenticator.
 */
export function twoFactorAccount(member: { id: string; role: string }): string {
  return member.role === 'owner' ? 'seller' : `staff:${member.id}`;
}
const ISSUER = 'Larder';
const STEP_SECONDS = 30;
const RECOVERY_CODES = 10;
/** Recovery codes are written as two groups of five letters and digits (no 0/1/l/o to misread). */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/**
 * The seller's two-factor sign-in: a TOTP authenticator (RFC 6238, 30-second codes, one step either side
 * accepted for clock drift) and ten single-use recovery codes. The secret is stored encrypted and shown only while
 * enrolling; a code is accepted once (its time step is remembered).
 */
@Injectable()
export class TwoFactorService implements OnModuleInit {
  private readonly logger = new Logger(TwoFactorService.name);
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: TwoFactorRepository,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(
      crypto.hkdfSync('sha256', config.jwtSecret, 'larder', 'seller-two-factor', 32) as ArrayBuffer,
    );
  }

  /**
   * A secret stored under another JWT_SECRET can no longer be read, nor the recovery codes checked: rather than
   * shut the seller out, two-factor sign-in is turned off (the operator who changed the secret can enrol again).
   */
  async onModuleInit(): Promise<void> {
    for (const row of await this.repository.all()) {
      try {
        this.decrypt(row.secret);
      } catch {
        await this.repository.remove(row.account);
        this.logger.warn('Two-factor sign-in was turned off: its secret was stored under another JWT_SECRET');
      }
    }
  }

  async isEnabled(account: string): Promise<boolean> {
    return (await this.repository.find(account))?.enabled ?? false;
  }

  async status(account: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const enabled = await this.isEnabled(account);
    return { enabled, recoveryCodesLeft: enabled ? await this.repository.unusedRecoveryCodes(account) : 0 };
  }

  /** A new secret to add to an authenticator app; two-factor sign-in is on once `confirm` gets its first code. */
  async startEnrolment(account: string, label: string): Promise<Enrolment> {
    const secret = generateSecret();
    if (!(await this.repository.startEnrolment(account, this.encrypt(secret))))
      throw new ConflictError(MESSAGES.twoFactorAlreadyOn, { code: ERROR_CODES.TWO_FACTOR_ALREADY_ON });
    const otpauthUrl = generateURI({ issuer: ISSUER, label, secret });
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns two-factor sign-in on with the first code from the app; returns the recovery codes (shown once). */
  async confirmEnrolment(
    account: string,
    code: string,
    also?: (tx: DbTransaction) => Promise<void>,
  ): Promise<string[]> {
    const row = await this.repository.find(account);
    if (!row)
      throw new ConflictError(MESSAGES.twoFactorNotStarted, { code: ERROR_CODES.TWO_FACTOR_NOT_STARTED });
    if (row.enabled)
      throw new ConflictError(MESSAGES.twoFactorAlreadyOn, { code: ERROR_CODES.TWO_FACTOR_ALREADY_ON });
    const step = await this.totpStep(row.secret, code);
    if (step === undefined)
      throw new InvalidError(MESSAGES.twoFactorCodeWrong, { code: ERROR_CODES.TWO_FACTOR_CODE_WRONG });
    const codes = Array.from({ length: RECOVERY_CODES }, () => this.newRecoveryCode());
    if (
      !(await this.repository.enable(
        account,
        step,
        codes.map((c) => this.hash(c)),
        also,
      ))
    )
      throw new ConflictError(MESSAGES.twoFactorAlreadyOn, { code: ERROR_CODES.TWO_FACTOR_ALREADY_ON });
    return codes;
  }

  /** Turns two-factor sign-in off, given a current code or a recovery code. */
  async disable(account: string, code: string, also?: (tx: DbTransaction) => Promise<void>): Promise<void> {
    if (!(await this.isEnabled(account)))
      throw new ConflictError(MESSAGES.twoFactorNotOn, { code: ERROR_CODES.TWO_FACTOR_NOT_ON });
    if (!(await this.acceptCode(account, code)))
      throw new InvalidError(MESSAGES.twoFactorCodeWrong, { code: ERROR_CODES.TWO_FACTOR_CODE_WRONG });
    await this.repository.remove(account, also);
  }

  /** Whether `code` is a current authenticator code not used before, or an unused recovery code (then spent). */
  async acceptCode(account: string, code: string): Promise<boolean> {
    const row = await this.repository.find(account);
    if (!row?.enabled) return false;
    const compact = code.replace(/[\s-]/g, '').toLowerCase();
    if (/^\d{6}$/.test(compact)) {
      const step = await this.totpStep(row.secret, compact);
      return step !== undefined && (await this.repository.useStep(account, step));
    }
    return this.repository.useRecoveryCode(account, this.hash(compact));
  }

  private async totpStep(encryptedSecret: string, code: string): Promise<number | undefined> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return undefined;
    const epoch = Math.floor(this.clock.now().getTime() / 1000);
    const result = await verify({
      secret: this.decrypt(encryptedSecret),
      token,
      epoch,
      epochTolerance: STEP_SECONDS,
    });
    return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : undefined;
  }

  private newRecoveryCode(): string {
    const bytes = crypto.randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  }

  private hash(code: string): string {
    const compact = code.replace(/[\s-]/g, '').toLowerCase();
    return crypto.createHmac('sha256', this.key).update(`recovery\0${compact}`).digest('base64url');
  }

  private encrypt(secret: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  private decrypt(stored: string): string {
    const [iv, tag, body] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
