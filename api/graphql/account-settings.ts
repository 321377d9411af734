import { builder } from './builder.ts';
import { MessagePayload } from './accounts.ts';
import { selectable } from './prisma-query.ts';
import { endSession } from '../context.ts';
import { cancelEmailChange, confirmEmailChange, pendingEmailChange, requestEmailChange, type PendingEmailChange } from '../domain/accounts/email-change.service.ts';
import { removeAvatar } from '../domain/accounts/avatar.service.ts';
import { avatarKeyOf } from '../domain/accounts/avatar.rules.ts';
import { deleteAccount } from '../domain/accounts/account-deletion.service.ts';
import { AuthenticationError, ConflictError, RateLimitedError, ValidationError } from '../domain/errors.ts';

// The profile's account settings (issue 25): changing the email, the uploaded avatar (its bytes go
// through POST /api/profile/avatar) and deleting the account. Resolvers map and delegate; the
// rules live in domain/accounts.

const PendingEmailChangeType = builder.objectRef<PendingEmailChange>('PendingEmailChange').implement({
  description: 'A change of email waiting for the link mailed to the new address.',
  fields: (t) => ({
    newEmail: t.exposeString('newEmail'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the mailed link stops working.' }),
  }),
});

const EmailChangePayload = builder.objectRef<{ message: string; pending: PendingEmailChange }>('EmailChangePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    pendingEmailChange: t.field({ type: PendingEmailChangeType, resolve: (p) => p.pending }),
  }),
});

const ConfirmEmailChangePayload = builder.objectRef<{ message: string; email: string }>('ConfirmEmailChangePayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), email: t.exposeString('email') }),
});

const RequestEmailChangeInput = builder.inputType('RequestEmailChangeInput', {
  fields: (t) => ({ newEmail: t.string({ required: true }), password: t.string({ required: true, description: 'The current password.' }) }),
});

const ConfirmEmailChangeInput = builder.inputType('ConfirmEmailChangeInput', {
  fields: (t) => ({ token: t.string({ required: true }) }),
});

const DeleteAccountInput = builder.inputType('DeleteAccountInput', {
  fields: (t) => ({
    password: t.string({ required: true, description: 'The current password.' }),
    confirm: t.string({ required: true, description: 'The word DELETE, typed.' }),
  }),
});

builder.prismaObjectField('User', 'avatarUrl', (t) =>
  t.string({
    nullable: true,
    select: { profileImage: true },
    description: 'The address of the picture uploaded through POST /api/profile/avatar (GET /api/users/{userId}/avatar), or null when the picture is an address given in the profile or there is none. `profileImage` is the picture to show either way.',
    resolve: (user) => (avatarKeyOf(user.id, user.profileImage) ? user.profileImage : null),
  }),
);

builder.queryField('viewerPendingEmailChange', (t) =>
  t.field({
    type: PendingEmailChangeType,
    nullable: true,
    authScopes: { loggedIn: true },
    description: 'The viewer’s change of email waiting for its mailed link, or null.',
    resolve: (_root, _args, ctx) => pendingEmailChange(ctx.accounts, ctx.viewer),
  }),
);

builder.mutationFields((t) => ({
  requestEmailChange: t.field({
    type: EmailChangePayload,
    errors: { types: [AuthenticationError, ValidationError, ConflictError, RateLimitedError] },
    description: 'Mails a single-use link to the new address (the current password required); the old address is told. The email changes when the link is opened.',
    args: { input: t.arg({ type: RequestEmailChangeInput, required: true }) },
    resolve: (_root, { input }, ctx) => requestEmailChange(ctx.accounts, ctx.viewer, input, ctx.appUrl),
  }),
  confirmEmailChange: t.field({
    type: ConfirmEmailChangePayload,
    errors: { types: [ValidationError, ConflictError] },
    description: 'Makes the change of email with the mailed token (no login needed); the old address is told.',
    args: { input: t.arg({ type: ConfirmEmailChangeInput, required: true }) },
    resolve: (_root, { input }, ctx) => confirmEmailChange(ctx.accounts, input, ctx.appUrl),
  }),
  cancelEmailChange: t.field({
    type: MessagePayload,
    errors: { types: [AuthenticationError] },
    description: 'Withdraws the viewer’s change of email waiting for its link.',
    resolve: (_root, _args, ctx) => cancelEmailChange(ctx.accounts, ctx.viewer),
  }),
  deleteAccount: t.field({
    type: MessagePayload,
    errors: { types: [AuthenticationError, ValidationError, ConflictError, RateLimitedError] },
    description: 'Deletes the viewer’s account (password and the word DELETE): personal data is replaced, payments and sales stay under "Deleted user"; every session ends. Refused while escrow, disputes, listings with buyers or accepted bids are open.',
    args: { input: t.arg({ type: DeleteAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await deleteAccount({ ...ctx.accounts, storage: ctx.services.storage }, ctx.viewer, input);
      await endSession(ctx);
      return result;
    },
  }),
}));

builder.mutationField('removeAvatar', (t) =>
  t.prismaField({
    type: 'User',
    errors: { types: [AuthenticationError] },
    description: 'Removes the viewer’s picture (uploaded or an address): their initials show instead.',
    resolve: async (query, _root, _args, ctx) => {
      const user = await removeAvatar({ db: ctx.db, storage: ctx.services.storage, events: ctx.services.events }, ctx.viewer);
      return ctx.db.user.findUniqueOrThrow({ ...selectable(query), where: { id: user.id } });
    },
  }),
);
