import { escapeHtml } from '../../escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

// Security mails of two-factor sign-in: always sent (they cannot be switched off), so an owner
// learns at once when someone else changed how the account is protected.

function securityMail(to: string, name: string, subject: string, lines: string[]): Mail {
  return {
    to,
    subject,
    text: [`Hello ${name},`, '', ...lines].join('\n'),
    html: `<p>Hello ${escapeHtml(name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`,
  };
}

export function twoFactorEnabledMail(opts: { to: string; name: string }): Mail {
  return securityMail(opts.to, opts.name, 'Two-factor sign-in turned on for your DATA PIT account', [
    'Two-factor sign-in is now on: logging in asks for a code from your authenticator app after your password.',
    'Keep your recovery codes somewhere safe; each one signs you in once if you lose your phone.',
    'If you did not do this, change your password at once and contact support.',
  ]);
}

export function twoFactorDisabledMail(opts: { to: string; name: string }): Mail {
  return securityMail(opts.to, opts.name, 'Two-factor sign-in turned off for your DATA PIT account', [
    'Two-factor sign-in is now off: logging in asks for your password only.',
    'If you did not do this, change your password at once, turn two-factor sign-in back on and contact support.',
  ]);
}
