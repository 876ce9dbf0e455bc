import { ApiProperty } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from '@larder/shared-domain';

/** `{ success: true, message }`: the body of most state-changing calls. */
export class SuccessResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;
}

/** `{ success: false, message, code }`: every error body (some add fields of their own). */
export class ErrorResponse {
  @ApiProperty({ example: false })
  success: false;

  @ApiProperty({ description: 'For people; may be reworded. Compare `code` instead.' })
  message: string;

  @ApiProperty({
    enum: Object.values(ERROR_CODES),
    enumName: 'ErrorCode',
    description:
      "Stable and machine-readable: the refusal's own code, or its status's generic one " +
      '(VALIDATION_FAILED, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS, ...).',
  })
  code: ErrorCode;

  @ApiProperty({
    required: false,
    description:
      "With VALIDATION_FAILED from a body's field check: the path of the field refused (`nutrition.sugars`).",
  })
  field?: string;
}
