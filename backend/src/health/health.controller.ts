import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { DB, Database } from '../db/database.module';
import { pingDatabase } from '../db/database';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly healthCheck: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DB) private readonly db: Database,
  ) {}

  /** Liveness and readiness: answers 200 when the database answers, 503 otherwise. */
  @Get()
  @ApiOperation({ summary: 'Whether the API and its database answer (for load balancers and monitors)' })
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({
    description: 'The API and its database are up',
    schema: {
      type: 'object',
      required: ['status', 'info', 'error', 'details'],
      properties: {
        status: { type: 'string', example: 'ok' },
        info: { type: 'object', additionalProperties: true },
        error: { type: 'object', additionalProperties: true },
        details: { type: 'object', additionalProperties: true },
      },
    },
  })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  health(): Promise<HealthCheckResult> {
    return this.healthCheck.check([
      async () => {
        const indicator = this.indicators.check('database');
        try {
          await pingDatabase(this.db);
          return indicator.up();
        } catch {
          // The driver's text may name the host, the user or the database: it goes to the logs, not to callers.
          return indicator.down({ message: 'The database does not answer' });
        }
      },
    ]);
  }
}
