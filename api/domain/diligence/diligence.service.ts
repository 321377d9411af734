import type { Db } from '../../db/database.ts';
import type { DueDiligenceApplication, User } from '../../db/generated/prisma/client.ts';
import type { ApplicationStatus, EmployeeCount, RevenueRange } from '../../db/generated/prisma/enums.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { applicationInput, reviewInput, type ApplicationInput } from './diligence.schemas.ts';
import { APPLICATION_MACHINE, DEFAULT_APPLICATION_REJECTION, DEFAULT_APPROVAL_NOTE, mayApply, userStatusFor } from './diligence.machine.ts';
import { isAdmin, isOwnerOrAdmin } from '../policies.ts';
import { recordCreated, transition } from '../transitions/transition.ts';
import { applicationDecisionMail } from './diligence.mails.ts';

export interface DiligenceDeps {
  db: Db;
  mailer: Mailer;
  events: EventPublisher;
  /** Records a decision's event (diligence.decided) in its transaction. */
  jobs: Pick<Jobs, 'schedule'>;
}

// Form values that are not valid identifiers live under other names in Prisma's enums.
const REVENUE: Record<string, RevenueRange> = { under_100k: 'under_100k', '100k_500k': 'r100k_500k', '500k_1m': 'r500k_1m', '1m_5m': 'r1m_5m', over_5m: 'over_5m' };
const EMPLOYEES: Record<string, EmployeeCount> = { '1': 'e1', '2_10': 'e2_10', '11_50': 'e11_50', '51_200': 'e51_200', over_200: 'over_200' };
export const revenueRangeLabel = (v: RevenueRange | null) => (v === null ? null : Object.keys(REVENUE).find((k) => REVENUE[k] === v)!);
export const employeeCountLabel = (v: EmployeeCount | null) => (v === null ? null : Object.keys(EMPLOYEES).find((k) => EMPLOYEES[k] === v)!);

/** Parses an application; a broken rule answers 'Invalid application: ...' (the product decision on REST errors). */
function parseApplication(raw: unknown): ApplicationInput {
  try {
    return parseInput(applicationInput, raw);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(`Invalid application: ${error.message}`, error.fieldErrors);
    throw error;
  }
}

/**
 * A user applies to sell. Allowed when they never applied or were rejected; administrators are
 * exempt. The application starts `submitted` and the user's status follows it.
 */
export async function submitApplication(deps: DiligenceDeps, viewer: User | null, raw: unknown): Promise<DueDiligenceApplication> {
  if (!viewer) throw new AuthenticationError('Please log in to apply');
  if (isAdmin(viewer)) throw new ConflictError('Administrators are exempt from due diligence', 'ADMIN_EXEMPT');
  const input = parseApplication(raw);
  const submitted = await deps.db.$transaction(async (tx) => {
    // Guarded on the status we checked, so two submissions racing cannot both pass.
    const user = await tx.user.findUniqueOrThrow({ where: { id: viewer.id } });
    if (!mayApply(user.dueDiligenceStatus)) throw new ConflictError(`You already have an application (${user.dueDiligenceStatus.replace('_', ' ')})`, 'APPLICATION_EXISTS');
    const moved = await tx.user.updateMany({ where: { id: user.id, dueDiligenceStatus: user.dueDiligenceStatus }, data: { dueDiligenceStatus: 'submitted' } });
    if (moved.count !== 1) throw new ConflictError('Your application was submitted meanwhile', 'APPLICATION_EXISTS');
    const application = await tx.dueDiligenceApplication.create({
      data: {
        ...input,
        userId: user.id,
        status: 'submitted',
        revenueRange: input.revenueRange ? REVENUE[input.revenueRange] : null,
        employeeCount: input.employeeCount ? EMPLOYEES[input.employeeCount] : null,
      },
    });
    await recordCreated(tx, { machine: APPLICATION_MACHINE, id: application.id, status: application.status, actorId: user.id });
    return application;
  });
  // Sellers who applied are a compliance figure shown beside the market's.
  deps.events.publish('marketStatsChanged');
  return submitted;
}

/** The moves of an application its applicant is told of (diligence.decided). */
const DECISIONS: readonly ApplicationStatus[] = ['approved', 'rejected', 'requires_clarification'];

/**
 * An administrator moves an application: under_review, requires_clarification, approved (with
 * review notes) or rejected (with a reason). The applicant's status follows, and they get a mail.
 */
export async function reviewApplication(deps: DiligenceDeps, admin: User | null, applicationId: string, raw: unknown) {
  if (!admin) throw new AuthenticationError();
  if (!isAdmin(admin)) throw new PermissionError('Admin access required', 'ADMIN_REQUIRED');
  let input;
  try {
    input = parseInput(reviewInput, raw);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(error.message.startsWith('Invalid') ? error.message : `Invalid review: ${error.message}`, error.fieldErrors);
    throw error;
  }
  const to = input.status as ApplicationStatus;
  const reviewNotes = input.reviewNotes ?? (to === 'approved' ? DEFAULT_APPROVAL_NOTE : null);
  const rejectionReason = to === 'rejected' ? (input.rejectionReason ?? DEFAULT_APPLICATION_REJECTION) : null;
  const now = new Date();
  const application = await deps.db.$transaction(async (tx) => {
    const current = await tx.dueDiligenceApplication.findUnique({ where: { id: applicationId } });
    if (!current) throw new NotFoundError('Application not found');
    await transition(tx, {
      machine: APPLICATION_MACHINE,
      id: current.id,
      from: current.status,
      to,
      actorId: admin.id,
      note: rejectionReason ?? reviewNotes,
      data: { reviewNotes, rejectionReason, reviewedById: admin.id, reviewedAt: now },
      messages: {
        refused: (from, next) => `An application that is ${from.replace('_', ' ')} cannot become ${next.replace('_', ' ')}`,
        raced: 'The application was reviewed meanwhile',
      },
    });
    await tx.user.update({ where: { id: current.userId }, data: { dueDiligenceStatus: userStatusFor(to) } });
    // Under review is the administrators' own step; the rest ask or tell the applicant something.
    if (DECISIONS.includes(to)) await recordEvent(tx, deps.jobs, 'diligence.decided', { applicationId: current.id, userId: current.userId, status: to }, now);
    return tx.dueDiligenceApplication.findUniqueOrThrow({ where: { id: current.id }, include: { user: true } });
  });
  await deps.mailer.send(applicationDecisionMail(application.user, application));
  return application;
}

/** The applicant's latest application (or an administrator reading anyone's). */
export async function latestApplication(db: Db, viewer: User | null, userId: string) {
  if (!viewer) throw new AuthenticationError();
  if (!isOwnerOrAdmin(viewer, userId)) throw new PermissionError('You can only read your own application', 'NOT_OWNER');
  return db.dueDiligenceApplication.findFirst({ where: { userId }, orderBy: { submittedAt: 'desc' } });
}
