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
