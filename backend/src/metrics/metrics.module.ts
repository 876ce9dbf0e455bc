import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsServer } from './metrics-server';

/** Global: any provider may inject `Metrics` to record figures. */
@Global()
@Module({ providers: [Metrics, MetricsServer], exports: [Metrics, MetricsServer] })
export class MetricsModule {}
