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

/** To the NEW address: the link that makes the change. */
export function emailChangeConfirmMail(opts: { to: string; name: string; link: string }): Mail {
  return {
    to: opts.to,
    subject: 'Confirm your new email for DATA PIT',
    text: [
      `Hello ${opts.name},`,
      '',
      'You asked to use this address for your DATA PIT account. Confirm it here:',
      '',
      opts.link,
      '',
      'The link is valid for 1 hour and can be used once. Until you open it, your account keeps its current email.',
      'If you did not ask for this, ignore this email.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(opts.name)},</p><p>You asked to use this address for your DATA PIT account. Confirm it here:</p>
<p><a href="${escapeHtml(opts.link)}">Confirm my new email</a></p><p>The link is valid for 1 hour and can be used once. Until you open it, your account keeps its current email.<br>If you did not ask for this, ignore this email.</p>`,
  };
}

const NOT_YOU = (appUrl: string) =>
  `If this was not you, log in and change your password at once (or use "Forgot password" at ${appUrl}/auth/forgot-password), then contact support with the Help button on any page of ${appUrl}.`;

/** To the OLD address when a change is asked for: the owner can still react before it happens. */
export function emailChangeRequestedMail(opts: { to: string; name: string; newEmail: string; appUrl: string }): Mail {
  const lines = [
    `Hello ${opts.name},`,
    '',
    `Someone signed in to your DATA PIT account asked to change its email to ${opts.newEmail}.`,
    'Nothing changes until the link sent to that address is opened.',
    '',
    NOT_YOU(opts.appUrl),
  ];
  return {
    to: opts.to,
    subject: 'Your DATA PIT email is about to change',
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
  };
}

/** To the OLD address once the change is made. */
export function emailChangedMail(opts: { to: string; name: string; newEmail: string; appUrl: string }): Mail {
  const lines = [
    `Hello ${opts.name},`,
    '',
    `The email of your DATA PIT account is now ${opts.newEmail}. Mail about your account goes there from now on.`,
    '',
    NOT_YOU(opts.appUrl),
  ];
  return {
    to: opts.to,
    subject: 'Your DATA PIT email was changed',
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
  };
}
