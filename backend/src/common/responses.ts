import { ApiProperty } from '@nestjs/swagger';

/** `{ success: true, message }`: the body of most state-changing calls. */
export class SuccessResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;
}

/** `{ success: false, message }`: every error body. */
export class ErrorResponse {
  @ApiProperty({ example: false })
  success: false;

  @ApiProperty()
  message: string;
}
