import { z } from 'zod';
import {
  meetsPasswordRules,
  normalizeEmail,
  normalizeUsername,
  PASSWORD_REQUIREMENTS_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  USERNAME_PATTERN,
} from './accounts.rules.ts';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform(normalizeEmail);

// A new password (registration, reset, change): the rules of registration, typed twice.
const newPassword = z
  .string({ error: 'Password is required' })
  .max(200, 'Password is too long')
  .refine(meetsPasswordRules, PASSWORD_REQUIREMENTS_MESSAGE);
const confirmPassword = z.string({ error: 'Please confirm your password' });
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const registerInput = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
    email,
    username: z
      .string({ error: 'Username is required' })
      .transform(normalizeUsername)
      .pipe(
        z
          .string()
          .min(3, 'Username must be at least 3 characters')
          .max(30, 'Username must be at most 30 characters')
          .regex(USERNAME_PATTERN, 'Username may use letters, numbers, dots, dashes and underscores'),
      ),
    password: newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

export const loginInput = z.object({
  usernameOrEmail: z.string({ error: 'Username or email is required' }).trim().min(1, 'Username or email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export const adminLoginInput = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export const verifyEmailInput = z.object({
  token: z.string({ error: 'Verification token is required' }).trim().min(1, 'Verification token is required').max(200),
  email: z.string().trim().max(254).optional().nullable(),
});

export const resendVerificationInput = z.object({ email });

export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
    newPassword,
    confirmPassword,
  })
  .refine((v) => passwordsMatch({ password: v.newPassword, confirmPassword: v.confirmPassword }), { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

export const requestPasswordResetInput = z.object({ email });

export const resetPasswordInput = z
  .object({
    token: z.string({ error: 'Reset token is required' }).trim().min(1, 'Reset token is required').max(200),
    password: newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

const currentPassword = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200);

export const changeEmailInput = z.object({ newEmail: email, password: currentPassword });

export const confirmEmailChangeInput = z.object({
  token: z.string({ error: 'Confirmation token is required' }).trim().min(1, 'Confirmation token is required').max(200),
});

/** The word typed to confirm deleting the account (the danger zone's dialog asks for it). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const deleteAccountInput = z.object({
  password: currentPassword,
  confirm: z.string({ error: `Type ${DELETE_CONFIRMATION_WORD} to confirm` }).max(50),
});
