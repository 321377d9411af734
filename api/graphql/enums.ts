import { builder } from './builder.ts';
import {
  BidStatus,
  Category,
  ContractStatus,
  DataAccessType,
  DataFormat,
  DueDiligenceStatus,
  PaymentStatus,
  PositionCloseReason,
  PositionStatus,
  PositionType,
  PriceTickSource,
  PricingModel,
  PurchaseStatus,
  UpdateFrequency,
} from '../db/generated/prisma/enums.ts';

// The schema's enums are the database's enums, value for value.
export const DueDiligenceStatusEnum = builder.enumType(DueDiligenceStatus, { name: 'DueDiligenceStatus' });
export const CategoryEnum = builder.enumType(Category, { name: 'Category' });
export const ContractStatusEnum = builder.enumType(ContractStatus, { name: 'ContractStatus' });
export const PricingModelEnum = builder.enumType(PricingModel, { name: 'PricingModel' });
export const UpdateFrequencyEnum = builder.enumType(UpdateFrequency, { name: 'UpdateFrequency' });
export const DataFormatEnum = builder.enumType(DataFormat, { name: 'DataFormat' });
export const DataAccessTypeEnum = builder.enumType(DataAccessType, { name: 'DataAccessType' });
export const BidStatusEnum = builder.enumType(BidStatus, { name: 'BidStatus' });
export const PriceTickSourceEnum = builder.enumType(PriceTickSource, { name: 'PriceTickSource' });
export const PurchaseStatusEnum = builder.enumType(PurchaseStatus, { name: 'PurchaseStatus' });
export const PaymentStatusEnum = builder.enumType(PaymentStatus, { name: 'PaymentStatus' });
export const PositionTypeEnum = builder.enumType(PositionType, { name: 'PositionType' });
export const PositionStatusEnum = builder.enumType(PositionStatus, { name: 'PositionStatus' });
export const PositionCloseReasonEnum = builder.enumType(PositionCloseReason, { name: 'PositionCloseReason' });
