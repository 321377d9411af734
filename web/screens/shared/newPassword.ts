import { isPasswordStrongEnough } from '../../components/passwordStrength.ts';

/** What is wrong with a new password typed twice (registration, reset, the profile's password change), checked before the server does the same. */
export type NewPasswordProblem = { field: 'password' | 'confirmPassword'; message: string; title: string; description: string };

export function newPasswordProblem(password: string, confirmPassword: string): NewPasswordProblem | null {
  if (password !== confirmPassword) {
    return { field: 'confirmPassword', message: 'Passwords do not match', title: 'Password Mismatch', description: 'Passwords do not match' };
  }
  if (!isPasswordStrongEnough(password)) {
    return {
      field: 'password',
      message: 'Password does not meet all the requirements below',
      title: 'Password Requirements Not Met',
      description: 'Please ensure your password meets all security requirements',
    };
  }
  return null;
}
