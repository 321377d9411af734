import { escapeHtml } from '../../escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';


export function verificationMail(opts: { to: string; name: string; link: string }): Mail {
  return {
    to: opts.to,
    subject: 'Verify your email for DATA PIT',
    text: [
      `Hello ${opts.name},`,
      '',
      'Welcome to DATA PIT. Confirm your email address to activate your account:',
      '',
      opts.link,
      '',
      'The link is valid for 24 hours and can be used once.',
      'If you did not create an account, ignore this email.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(opts.name)},</p><p>Welcome to DATA PIT. Confirm your email address to activate your account:</p>
<p><a href="${escapeHtml(opts.link)}">Verify my email</a></p><p>The link is valid for 24 hours and can be used once.<br>If you did not create an account, ignore this email.</p>`,
  };
}

export function passwordResetMail(opts: { to: string; name: string; link: string }): Mail {
  return {
    to: opts.to,
    subject: 'Reset your DATA PIT password',
    text: [
      `Hello ${opts.name},`,
      '',
      'Someone asked to reset the password of your DATA PIT account. Choose a new password here:',
      '',
      opts.link,
      '',
      'The link is valid for 1 hour and can be used once. Setting a new password logs you out everywhere.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(opts.name)},</p><p>Someone asked to reset the password of your DATA PIT account. Choose a new password here:</p>
<p><a href="${escapeHtml(opts.link)}">Reset my password</a></p><p>The link is valid for 1 hour and can be used once. Setting a new password logs you out everywhere.<br>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  };
}
