const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function passwordResetMail(siteName: string, link: string) {
  const subject = `Reset your ${siteName} password`;
  const text = [
    `Someone asked to reset the password of your ${siteName} account.`,
    "",
    `Open this link to choose a new password (it works once and expires in one hour):`,
    link,
    "",
    "If you did not ask for this, ignore this mail: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(siteName)} account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once and expires in one hour).</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`;
  return { subject, text, html };
}
