import { Injectable } from '@nestjs/common';
import { MESSAGES, normaliseCompanyNumber, normaliseVatNumber } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import type { ActivityActor } from '../activity/activity-log';
import type { BusinessDetailsDto } from './dto/business-details.dto';
import { BusinessDetails, BusinessRepository } from './business.repository';

/** Who the shop is: shown in the footer and the terms, and printed on every receipt. */
@Injectable()
export class BusinessService {
  constructor(private readonly repository: BusinessRepository) {}

  async details(): Promise<BusinessDetails | null> {
    return (await this.repository.get()) ?? null;
  }

  /** Checks the VAT and company numbers (400 with nothing saved), then saves them written one way. */
  async save(input: BusinessDetailsDto, actor: ActivityActor): Promise<BusinessDetails> {
    const vatNumber = input.vatNumber ? normaliseVatNumber(input.vatNumber) : null;
    if (vatNumber === undefined) throw new InvalidError(MESSAGES.vatNumberInvalid);
    const companyNumber = input.companyNumber ? normaliseCompanyNumber(input.companyNumber) : null;
    if (companyNumber === undefined) throw new InvalidError(MESSAGES.companyNumberInvalid);
    return this.repository.save(
      {
        legalName: input.legalName,
        address: input.address,
        email: input.email,
        phone: input.phone,
        vatNumber,
        companyNumber,
      },
      actor,
    );
  }
}
