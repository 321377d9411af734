/** Text made safe to put inside HTML (element content or a quoted attribute): mails, the boot frame. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
