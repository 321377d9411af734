import { builder } from './builder.ts';
import { DueDiligenceStatus } from '../db/generated/prisma/enums.ts';

export const DueDiligenceStatusEnum = builder.enumType(DueDiligenceStatus, { name: 'DueDiligenceStatus' });
