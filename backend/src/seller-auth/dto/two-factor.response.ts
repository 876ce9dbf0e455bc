import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

export class TwoFactorStatusResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ description: 'Whether sign-in asks for an authenticator code', example: false })
  enabled: boolean;

  @ResponseField({ description: 'Recovery codes not used yet (0 while off)', example: 10 })
  recoveryCodesLeft: number;
}

export class TwoFactorEnrolmentResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({
    description: 'The base32 secret, for typing into an app that cannot scan; shown only while enrolling',
    example: 'JBSWY3DPEHPK3PXP',
  })
  secret: string;

  @ResponseField({ description: 'The otpauth:// address the QR code holds', example: 'otpauth://totp/...' })
  otpauthUrl: string;

  @ResponseField({ description: 'The QR code as an SVG data URL', example: 'data:image/svg+xml;base64,...' })
  qrCode: string;
}

export class TwoFactorRecoveryCodesResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.twoFactorEnabled })
  message: string;

  @ResponseField({
    description: 'Ten single-use recovery codes, shown this once',
    type: [String],
    example: ['abcde-fghij'],
  })
  recoveryCodes: string[];
}
